import { lazy, Suspense, useState } from 'react';
import { useDispatch } from 'react-redux';
import { failureOf, notify, REFRESH_ON_MOUNT_AFTER_S, useGetProfileQuery } from '@academy/shared/api';
import {
  MENTOR_QUEUE_ASSIGNER_ROLES,
  MENTOR_QUEUE_PAGE,
  MENTOR_QUEUE_TAKER_ROLES,
  type MentorQueueEntry,
  type MentorQueueQuery,
  type RoleName,
} from '@academy/shared/contract';
import { useServerText } from '@academy/shared/i18n';
import { Button, Checkbox, SelectField, Skeleton, usePrerenderedHandoff } from '@academy/shared/ui';
import { QueryState } from '@academy/shared/ui/query-state';
import { useT } from '../../i18n';
import {
  useGetMentorQueueMentorsQuery,
  useGetMentorQueueQuery,
  useReleaseQueueAnswerMutation,
  useTakeQueueAnswerMutation,
} from './queue-api';
import { QueueRow } from './queue-row';
import { TaskProblemDialog } from './task-problem-dialog';
import '../../components/staff-table.css';
import './queue.css';

// the reassignment form (formik, yup) loads when a chief mentor first opens it: the queue renders without it
const AssignDialog = lazy(async () => ({ default: (await import('./assign-dialog')).AssignDialog }));

/** How often an open queue asks again (and at once when the window gets the focus back). */
export const QUEUE_POLLING_MS = 30_000;

const NO_MENTOR = 'none';

const hasRole = (roles: readonly RoleName[], role: RoleName | undefined) => role !== undefined && roles.includes(role);

/** The chief mentor's filters: whose answers (a mentor's, nobody's, everyone's) and only those past their promise. */
function QueueFilters({
  mentor,
  overdueOnly,
  onMentor,
  onOverdueOnly,
}: {
  mentor: string;
  overdueOnly: boolean;
  onMentor(value: string): void;
  onOverdueOnly(value: boolean): void;
}) {
  const t = useT();
  const mentors = useGetMentorQueueMentorsQuery();
  return (
    <div className="queue__filters" role="group" aria-label={t('queue.filters')}>
      <SelectField label={t('queue.mentorFilter')} value={mentor} onChange={(event) => onMentor(event.target.value)}>
        <option value="">{t('queue.allMentors')}</option>
        <option value={NO_MENTOR}>{t('queue.withoutMentor')}</option>
        {mentors.data?.map((m) => (
          <option key={m.id} value={String(m.id)}>
            {t('queue.mentorOption', { name: `${m.firstName} ${m.lastName}`.trim(), count: m.waiting })}
          </option>
        ))}
      </SelectField>
      <Checkbox label={t('queue.overdueOnly')} checked={overdueOnly} onChange={(event) => onOverdueOnly(event.target.checked)} />
    </div>
  );
}

/**
 * The mentor's work queue (docs/courses.md, "Mentor queue"; `/{area}/review/table`): the answers waiting for a
 * verdict, oldest first, each with its waiting time and the promised verdict (amber, then red, in words
 * and icons as well as colour). A mentor takes an answer, then opens it as the student with the verdict
 * panel, or gives it back; the chief mentor also sees every mentor's answers, filters them and gives an
 * answer to another mentor. It asks again every half minute and when the window gets the focus.
 */
export default function MentorQueuePage() {
  const t = useT();
  const dispatch = useDispatch();
  const serverText = useServerText();
  const { data: profile } = useGetProfileQuery();
  const role = profile?.role.name;
  const canAssign = hasRole(MENTOR_QUEUE_ASSIGNER_ROLES, role);
  const canTake = hasRole(MENTOR_QUEUE_TAKER_ROLES, role);
  const [page, setPage] = useState(1);
  const [mentor, setMentor] = useState('');
  const [overdueOnly, setOverdueOnly] = useState(false);
  const [assigning, setAssigning] = useState<MentorQueueEntry | null>(null);
  // once opened, the dialog stays mounted (closed), as it closes with its focus back on the row's button
  const [assignUsed, setAssignUsed] = useState(false);
  if (assigning && !assignUsed) setAssignUsed(true);
  const [reading, setReading] = useState<MentorQueueEntry | null>(null);
  const [justTaken, setJustTaken] = useState<number | null>(null);
  const [take, taking] = useTakeQueueAnswerMutation();
  const [release, releasing] = useReleaseQueueAnswerMutation();

  const query: MentorQueueQuery = { page, pageSize: MENTOR_QUEUE_PAGE.default };
  if (overdueOnly) query.overdueOnly = true;
  if (mentor === NO_MENTOR) query.withoutMentor = true;
  else if (mentor) query.mentorId = Number(mentor);
  const queue = useGetMentorQueueQuery(query, {
    pollingInterval: QUEUE_POLLING_MS,
    skipPollingIfUnfocused: true,
    refetchOnFocus: true,
    refetchOnMountOrArgChange: REFRESH_ON_MOUNT_AFTER_S,
  });
  const data = queue.data;
  // the queue the server rendered stays until this one is here
  usePrerenderedHandoff(queue.isSuccess || queue.isError);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // answers judged meanwhile may leave a page empty: go to the last one there is (adjusted while rendering)
  if (data && page > pages) setPage(pages);

  const act = async (kind: 'take' | 'release', entry: MentorQueueEntry) => {
    try {
      if (kind === 'take') {
        await take(entry.answerId).unwrap();
        setJustTaken(entry.answerId);
        dispatch(notify({ kind: 'success', message: 'queue.taken' }));
      } else {
        await release(entry.answerId).unwrap();
        dispatch(notify({ kind: 'success', message: 'queue.released' }));
      }
    } catch (error) {
      dispatch(notify({ kind: 'danger', message: serverText(failureOf(error)), raw: true, timeout: 6000 }));
    }
  };
  const busyOn = (id: number) =>
    (taking.isLoading && taking.originalArgs === id) || (releasing.isLoading && releasing.originalArgs === id);
  const filter = (apply: () => void) => {
    apply();
    setPage(1);
  };

  return (
    <section className="queue" aria-labelledby="queue-title">
      <h1 id="queue-title">{t('queue.title')}</h1>
      <p className="queue__lead">{t('queue.lead', { hours: data?.promiseHours ?? 24, minutes: data?.takeMinutes ?? 60 })}</p>
      {canAssign && (
        <QueueFilters
          mentor={mentor}
          overdueOnly={overdueOnly}
          onMentor={(value) => filter(() => setMentor(value))}
          onOverdueOnly={(value) => filter(() => setOverdueOnly(value))}
        />
      )}
      <QueryState
        query={queue}
        skeleton={
          <div className="queue__skeleton" role="status" aria-label={t('loading')}>
            <Skeleton width="40%" height={20} />
            <Skeleton height={56} />
            <Skeleton height={56} />
            <Skeleton height={56} />
          </div>
        }
        error={failureOf(queue.error).text || t('queue.loadError')}
        retry
        empty={<p className="card queue__empty">{overdueOnly ? t('queue.emptyOverdue') : t('queue.empty')}</p>}
        isEmpty={(found) => found.total === 0}
      >
        {(shown) => (
          <>
            <p className="queue__summary" aria-live="polite">
              {t('queue.summary', { total: shown.total })}
              {shown.overdue > 0 && (
                <strong className="queue__overdue">{t('queue.summaryOverdue', { count: shown.overdue })}</strong>
              )}
            </p>
            {/* a region the keyboard can scroll when a narrow window cannot show every column */}
            <div
              className="queue__table-wrap"
              role="region"
              aria-label={t('queue.caption')}
              // axe's scrollable-region-focusable: a region that scrolls must be reachable by the keyboard
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
              tabIndex={0}
              aria-busy={queue.isFetching}
            >
              <table className="staff-table">
                <caption className="visually-hidden">{t('queue.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('queue.column.student')}</th>
                    <th scope="col">{t('queue.column.course')}</th>
                    <th scope="col">{t('queue.column.task')}</th>
                    <th scope="col">{t('queue.column.waiting')}</th>
                    <th scope="col">{t('queue.column.promise')}</th>
                    <th scope="col">{t('queue.column.takenBy')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('queue.column.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.entries.map((entry) => (
                    <QueueRow
                      key={entry.answerId}
                      entry={entry}
                      promiseHours={shown.promiseHours}
                      canTake={canTake}
                      canAssign={canAssign}
                      busy={busyOn(entry.answerId)}
                      justTaken={justTaken === entry.answerId}
                      onTake={(e) => void act('take', e)}
                      onRelease={(e) => void act('release', e)}
                      onAssign={setAssigning}
                      onProblem={setReading}
                    />
                  ))}
                </tbody>
              </table>
            </div>
            {pages > 1 && (
              <nav className="queue__pager" aria-label={t('queue.pages')}>
                <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                  {t('queue.prev')}
                </Button>
                <span>{t('queue.pageOf', { page: shown.page, pages })}</span>
                <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                  {t('queue.next')}
                </Button>
              </nav>
            )}
          </>
        )}
      </QueryState>
      {canAssign && assignUsed && (
        <Suspense fallback={null}>
          <AssignDialog entry={assigning} onClose={() => setAssigning(null)} />
        </Suspense>
      )}
      <TaskProblemDialog entry={reading} onClose={() => setReading(null)} />
    </section>
  );
}
