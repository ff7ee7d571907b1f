import { useCallback, useId, useState, type ReactNode } from 'react';
import type { DaysWithoutPause } from '@academy/shared/contract';
import { Alert, Dialog, Skeleton } from '@academy/shared/ui';
import { QueryState } from '@academy/shared/ui/query-state';
import { useT } from '../../i18n/stats';
import { useGetStudentTopicNamesQuery } from './statistics-api';

interface QueryResult<T> {
  data?: T;
  isLoading: boolean;
  isError: boolean;
}

/** One figure of the page: a label, a big number with its unit, a line under it. */
function Figure({ label, value, unit, children }: { label: string; value: ReactNode; unit?: string; children?: ReactNode }) {
  const id = useId();
  return (
    <section className="card stats-figure" aria-labelledby={id}>
      <h2 id={id} className="stats-figure__label">
        {label}
      </h2>
      <p className="stats-figure__value">
        {value}
        {unit && <span className="stats-figure__unit"> {unit}</span>}
      </p>
      {children}
    </section>
  );
}

const figureSkeleton = <Skeleton width={72} height={40} />;

/** Days without a break, the current run and the longest (spec 2 §2.15). */
export function StreakFigures({ query, own }: { query: QueryResult<DaysWithoutPause>; own: boolean }) {
  const t = useT();
  const failed = !query.isLoading && !query.data;
  const error = failed && <Alert kind="danger">{t('stats.loadError')}</Alert>;
  // the same two figures while loading and after, so nothing jumps or loses focus
  const figure = (count: number | undefined) =>
    query.isLoading
      ? { value: figureSkeleton }
      : count === undefined
        ? { value: '—' }
        : { value: count, unit: t('stats.daysUnit', { count }) };
  const now = query.data?.currentDaysWithoutPause;
  const best = query.data?.maxDaysWithoutPause;
  return (
    <>
      <Figure label={t('stats.currentStreak')} {...figure(now)}>
        {error}
        {own && now !== undefined && (
          <p className="stats-figure__hint">{t(now === 0 ? 'stats.streakStart' : 'stats.streakKeep')}</p>
        )}
      </Figure>
      <Figure label={t('stats.maxStreak')} {...figure(best)}>
        {error}
        {best !== undefined && best > 0 && now === best && <p className="stats-figure__hint">{t('stats.streakRecord')}</p>}
      </Figure>
    </>
  );
}

function TopicNames({ studentId }: { studentId: number | null }) {
  const t = useT();
  const topics = useGetStudentTopicNamesQuery({ studentId });
  return (
    <QueryState
      query={topics}
      skeleton={
        <div className="stats-topics__loading" aria-busy="true">
          <Skeleton height={18} />
          <Skeleton width="80%" height={18} />
          <Skeleton width="60%" height={18} />
        </div>
      }
      error={t('stats.loadError')}
      empty={<p className="stats-topics__empty">{t('stats.topicsEmpty')}</p>}
    >
      {(names) => (
        <ol className="stats-topics">
          {names.map((name, index) => (
            // chapter names may repeat across courses: the position keeps the key unique
            <li key={`${index}-${name}`}>{name}</li>
          ))}
        </ol>
      )}
    </QueryState>
  );
}

/** Topics mastered, with their names in a dialog (spec 2 §2.15). */
export function TopicsFigure({ query, studentId }: { query: QueryResult<number>; studentId: number | null }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const count = query.data;
  if (count === undefined)
    return (
      <Figure label={t('stats.topics')} value={query.isLoading ? figureSkeleton : '—'}>
        {!query.isLoading && <Alert kind="danger">{t('stats.loadError')}</Alert>}
      </Figure>
    );
  return (
    <Figure label={t('stats.topics')} value={count} unit={t('stats.topicsUnit', { count })}>
      <p className="stats-figure__hint">{t('stats.topicsHint')}</p>
      <button
        type="button"
        className="btn btn--secondary stats-figure__more"
        aria-haspopup="dialog"
        aria-label={t('stats.topicsMoreLabel')}
        onClick={() => setOpen(true)}
      >
        {t('stats.topicsMore')}
      </button>
      <Dialog open={open} title={t('stats.topicsTitle')} closeLabel={t('close')} onClose={close}>
        {open && <TopicNames studentId={studentId} />}
      </Dialog>
    </Figure>
  );
}
