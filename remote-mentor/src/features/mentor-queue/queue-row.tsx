import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { MentorQueueEntry, MentorQueuePerson, VerdictPromiseState } from '@academy/shared/contract';
import { taskPath } from '@academy/shared/domain';
import { useI18n } from '@academy/shared/i18n';
import { Button } from '@academy/shared/ui';
import { useT } from '../../i18n';

const name = (person: MentorQueuePerson) => `${person.firstName} ${person.lastName}`.trim();

/** Day, month and time in the reader's language: `05.04, 12:00`. */
export function useShortTime(): (iso: string) => string {
  const { formatDateTime } = useI18n();
  return (iso) => formatDateTime(iso, { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });
}

/** A span of minutes as people read it: `40 мин`, `3 ч 5 мин`, `2 д 4 ч`. */
export function useDuration(): (minutes: number) => string {
  const t = useT();
  return (minutes) => {
    const whole = Math.max(0, Math.floor(minutes));
    const days = Math.floor(whole / 1440);
    const hours = Math.floor((whole % 1440) / 60);
    const rest = whole % 60;
    if (days > 0) return t('queue.duration.days', { d: days, h: hours });
    if (hours > 0) return t('queue.duration.hours', { h: hours, m: rest });
    return t('queue.duration.minutes', { m: rest });
  };
}

/** The promise's state as an icon and a word (never by colour alone). */
function PromiseIcon({ state }: { state: VerdictPromiseState }) {
  const common = { width: 14, height: 14, viewBox: '0 0 16 16', 'aria-hidden': true, focusable: false } as const;
  if (state === 'ok')
    return (
      <svg {...common}>
        <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    );
  if (state === 'amber')
    return (
      <svg {...common}>
        <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M8 4.5V8l2.5 1.8" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
    );
  return (
    <svg {...common}>
      <path d="M8 1.5l7 13H1z" fill="currentColor" />
      <path d="M8 6v4" stroke="var(--color-on-accent)" strokeWidth="1.6" strokeLinecap="round" />
      <circle cx="8" cy="12.2" r="0.9" fill="var(--color-on-accent)" />
    </svg>
  );
}

/** When the verdict is due: the state, the promised moment and the time left (or how late it is). */
function PromiseCell({ entry, promiseHours }: { entry: MentorQueueEntry; promiseHours: number }) {
  const t = useT();
  const shortTime = useShortTime();
  const duration = useDuration();
  const left = promiseHours * 60 - entry.waitingMinutes;
  return (
    <div className={`queue-promise queue-promise--${entry.promiseState}`}>
      <span className={`chip queue-promise__state queue-promise__state--${entry.promiseState}`}>
        <PromiseIcon state={entry.promiseState} />
        {t(`queue.state.${entry.promiseState}`)}
      </span>
      <span className="queue-promise__when">
        {t('queue.promisedBy', { time: shortTime(entry.promisedBy) })}
        {', '}
        {entry.promiseState === 'red'
          ? t('queue.late', { duration: duration(-left) })
          : t('queue.left', { duration: duration(left) })}
      </span>
    </div>
  );
}

export interface QueueRowProps {
  entry: MentorQueueEntry;
  promiseHours: number;
  /** the caller takes answers (MENTOR, CHIEF_MENTOR) */
  canTake: boolean;
  /** the caller gives answers to other mentors */
  canAssign: boolean;
  busy: boolean;
  /** the row's answer was just taken here: its Open link gets the focus */
  justTaken: boolean;
  onTake(entry: MentorQueueEntry): void;
  onRelease(entry: MentorQueueEntry): void;
  onAssign(entry: MentorQueueEntry): void;
  /** show the task's statement */
  onProblem(entry: MentorQueueEntry): void;
}

/** One waiting answer: a table row, a card on a phone. */
export function QueueRow({
  entry,
  promiseHours,
  canTake,
  canAssign,
  busy,
  justTaken,
  onTake,
  onRelease,
  onAssign,
  onProblem,
}: QueueRowProps) {
  const t = useT();
  const shortTime = useShortTime();
  const duration = useDuration();
  const openRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (justTaken && entry.takenByMe) openRef.current?.focus();
  }, [justTaken, entry.takenByMe]);

  const student = name(entry.student);
  const about = { student, task: entry.task.title };
  const free = entry.takenBy === null;
  const path = taskPath(
    { courseId: entry.course.id, additional: entry.course.additional },
    entry.position.module,
    entry.position.chapter,
    entry.position.task,
    entry.student.id,
  );
  const mentorNote = entry.assignedTo
    ? t('queue.assignedTo', { name: name(entry.assignedTo) })
    : entry.studentMentor
      ? t('queue.studentMentor', { name: name(entry.studentMentor) })
      : t('queue.noMentor');

  return (
    <tr className={`queue-row queue-row--${entry.promiseState}`}>
      <th scope="row" className="queue-row__student" data-label={t('queue.column.student')}>
        <span className="queue-row__name">{student}</span>
        <span className="queue-row__note">{mentorNote}</span>
      </th>
      <td data-label={t('queue.column.course')}>
        <div className="staff-table__value">{entry.course.name}</div>
      </td>
      <td data-label={t('queue.column.task')}>
        <div className="staff-table__value">
          <span className="queue-row__task">{entry.task.title}</span>
          <span className="queue-row__note">
            {t('queue.position', { module: entry.position.module, chapter: entry.position.chapter, task: entry.position.task })}
          </span>
          <button
            type="button"
            className="link-btn queue-row__problem"
            aria-label={t('queue.problemFor', about)}
            onClick={() => onProblem(entry)}
          >
            {t('queue.problem')}
          </button>
        </div>
      </td>
      <td data-label={t('queue.column.waiting')}>
        <div className="staff-table__value queue-row__waiting">{duration(entry.waitingMinutes)}</div>
      </td>
      <td data-label={t('queue.column.promise')}>
        <div className="staff-table__value">
          <PromiseCell entry={entry} promiseHours={promiseHours} />
        </div>
      </td>
      <td data-label={t('queue.column.takenBy')}>
        <div className="staff-table__value">
          {free
            ? t('queue.free')
            : entry.takenByMe
              ? t('queue.takenByMe', { time: shortTime(entry.takenUntil!) })
              : t('queue.takenBy', { name: name(entry.takenBy!), time: shortTime(entry.takenUntil!) })}
        </div>
      </td>
      <td className="queue-row__actions">
        <div className="queue-row__buttons">
          {entry.takenByMe ? (
            <>
              <Link ref={openRef} to={path} className="btn btn--primary" aria-label={t('queue.openFor', about)}>
                {t('queue.open')}
              </Link>
              <Button variant="secondary" busy={busy} aria-label={t('queue.releaseFor', about)} onClick={() => onRelease(entry)}>
                {t('queue.release')}
              </Button>
            </>
          ) : (
            canTake &&
            free && (
              <Button busy={busy} aria-label={t('queue.takeFor', about)} onClick={() => onTake(entry)}>
                {t('queue.take')}
              </Button>
            )
          )}
          {canAssign && (
            <Button variant="ghost" aria-label={t('queue.assignFor', about)} onClick={() => onAssign(entry)}>
              {t('queue.assign')}
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}
