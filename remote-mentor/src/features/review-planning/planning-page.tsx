import { lazy, Suspense, useState } from 'react';
import { useDispatch } from 'react-redux';
import { failureOf, notify } from '@academy/shared/api';
import type { ReviewSlot } from '@academy/shared/contract';
import { clockIn, dayInstant, useI18n, useServerText, useToday } from '@academy/shared/i18n';
import { Alert, Button, Dialog, Skeleton, TextField, usePrerenderedHandoff } from '@academy/shared/ui';
import { QueryState } from '@academy/shared/ui/query-state';
import {
  shiftDay,
  SlotBookings,
  SlotFacts,
  slotsByDay,
  slotTimeRange,
  useDayTitle,
  useStarted,
} from '../../components/review-slot';
import { useT } from '../../i18n';
import {
  firstPeriod,
  useCancelReviewSlotMutation,
  useGetPlannedReviewSlotsQuery,
  useGetReviewPlanningOptionsQuery,
  type Period,
} from './planning-api';
import './planning.css';

// the slot form (formik, yup and its schema) loads when its dialog opens: the planning renders without it
const SlotForm = lazy(async () => ({ default: (await import('./slot-form')).SlotForm }));

/** Who the slot's waiting students are: those a move or a cancellation notifies. */
const waiting = (slot: ReviewSlot) => slot.bookings.filter((booking) => booking.status === 'WAITED').length;

function PlannedSlot({ slot, onEdit, onCancel }: { slot: ReviewSlot; onEdit(): void; onCancel(): void }) {
  const t = useT();
  const { timeZone } = useI18n();
  const time = slotTimeRange(slot.startsAt, timeZone);
  const started = useStarted(slot.startsAt);
  const name = t('reviewSlot.module', { position: slot.modulePosition, name: slot.moduleName });
  return (
    <li className={`card planned-slot${slot.canceled ? ' planned-slot--canceled' : ''}`}>
      <article aria-label={`${time}, ${name}`}>
        <header className="planned-slot__head">
          <h3 className="planned-slot__time">{time}</h3>
          {slot.canceled && <span className="chip">{t('reviewSlot.canceled')}</span>}
          {!slot.canceled && started && <span className="chip">{t('planning.started')}</span>}
        </header>
        <SlotFacts slot={slot} />
        {slot.bookings.length > 0 && (
          <h4 className="planned-slot__subtitle">{t('planning.bookings', { count: slot.bookings.length })}</h4>
        )}
        <SlotBookings bookings={slot.bookings} />
        {!slot.canceled && !started && (
          <div className="planned-slot__actions">
            <Button variant="secondary" onClick={onEdit} aria-label={t('planning.editNamed', { time, name })}>
              {t('planning.edit')}
            </Button>
            <Button variant="ghost" onClick={onCancel} aria-label={t('planning.cancelNamed', { time, name })}>
              {t('planning.cancelSlot')}
            </Button>
          </div>
        )}
      </article>
    </li>
  );
}

/** The period's choice: from and to days, a week back or ahead, back to today. */
function PeriodPicker({ period, onChange }: { period: Period; onChange(period: Period): void }) {
  const t = useT();
  const shift = (days: number) => onChange({ from: shiftDay(period.from, days), to: shiftDay(period.to, days) });
  const today = useToday();
  return (
    <div className="planning__period" role="group" aria-label={t('planning.period')}>
      <TextField
        label={t('planning.from')}
        type="date"
        value={period.from}
        required
        onChange={(event) => event.target.value && onChange({ ...period, from: event.target.value })}
      />
      <TextField
        label={t('planning.to')}
        type="date"
        value={period.to}
        min={period.from}
        required
        onChange={(event) => event.target.value && onChange({ ...period, to: event.target.value })}
      />
      <div className="planning__steps">
        <Button variant="secondary" onClick={() => shift(-7)}>
          {t('planning.weekBack')}
        </Button>
        <Button variant="secondary" onClick={() => shift(7)}>
          {t('planning.weekAhead')}
        </Button>
        <Button variant="ghost" disabled={period.from === today} onClick={() => onChange(firstPeriod(today))}>
          {t('planning.today')}
        </Button>
      </div>
    </div>
  );
}

/** A period in words: one day, or its first and last day (the year once when both share it). */
function usePeriodText({ from, to }: Period): string {
  const { formatDateTime } = useI18n();
  const full = (day: string) =>
    formatDateTime(dayInstant(day), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  if (from === to) return full(from);
  const start =
    from.slice(0, 4) === to.slice(0, 4)
      ? formatDateTime(dayInstant(from), { day: 'numeric', month: 'long', timeZone: 'UTC' })
      : full(from);
  return `${start} – ${full(to)}`;
}

/**
 * Review planning (CHIEF_MENTOR, ADMIN; docs/courses.md, "Reviews"): the slots of a period by day, with their
 * bookings; plan a slot, move or change one, cancel one after a confirmation that its students are told.
 */
export default function ReviewPlanningPage() {
  const t = useT();
  const dispatch = useDispatch();
  const serverText = useServerText();
  const dayTitle = useDayTitle();
  const { formatDateTime, timeZone } = useI18n();
  const today = useToday();
  const [period, setPeriod] = useState<Period>(() => firstPeriod(today));
  const badPeriod = period.to < period.from;
  const slots = useGetPlannedReviewSlotsQuery(period, { skip: badPeriod });
  const options = useGetReviewPlanningOptionsQuery();
  // the page the server rendered with the period's slots stays until they (and the form's options) are here
  const settled = (query: { isSuccess: boolean; isError: boolean }) => query.isSuccess || query.isError;
  usePrerenderedHandoff((badPeriod || settled(slots)) && settled(options));
  /** the form's slot: 'new' for a new one, null while closed */
  const [editing, setEditing] = useState<ReviewSlot | 'new' | null>(null);
  const [canceling, setCanceling] = useState<ReviewSlot | null>(null);
  const [cancel, cancellation] = useCancelReviewSlotMutation();

  const confirmCancel = async () => {
    if (!canceling) return;
    const result = await cancel(canceling.id);
    if ('error' in result)
      dispatch(notify({ kind: 'danger', message: serverText(failureOf(result.error)), raw: true, timeout: 5000 }));
    else dispatch(notify({ kind: 'success', message: 'planning.canceled' }));
    setCanceling(null);
  };

  const periodText = usePeriodText(period);
  const closeForm = () => setEditing(null);
  const formSkeleton = (
    <div role="status" aria-label={t('loading')} className="planning__skeleton">
      <Skeleton height={44} />
      <Skeleton height={44} />
      <Skeleton height={44} />
    </div>
  );

  return (
    <section className="planning" aria-labelledby="planning-title">
      <div className="planning__top">
        <div>
          <h1 id="planning-title">{t('planning.title')}</h1>
          <p className="planning__lead">{t('planning.lead')}</p>
        </div>
        <Button onClick={() => setEditing('new')}>{t('planning.new')}</Button>
      </div>
      <PeriodPicker period={period} onChange={setPeriod} />
      {badPeriod ? (
        <Alert kind="warning">{t('planning.badPeriod')}</Alert>
      ) : (
        <QueryState
          query={slots}
          skeleton={
            <div className="planning__skeleton" role="status" aria-label={t('loading')}>
              <Skeleton width="30%" height={24} />
              <Skeleton height={160} />
              <Skeleton height={160} />
            </div>
          }
          error={failureOf(slots.error).text || t('planning.loadError')}
          retry
          empty={
            <div className="card planning__empty">
              <p>{t('planning.empty', { period: periodText })}</p>
              <Button variant="secondary" onClick={() => setEditing('new')}>
                {t('planning.new')}
              </Button>
            </div>
          }
        >
          {(list) => (
            <div className="planning__days" aria-busy={slots.isFetching}>
              <p className="planning__count" aria-live="polite">
                {t('planning.count', { count: list.length, period: periodText })}
              </p>
              {slotsByDay(list, timeZone).map(({ day, slots: daySlots }) => (
                <section key={day} className="planning__day" aria-labelledby={`planning-day-${day}`}>
                  <h2 id={`planning-day-${day}`} className="planning__day-title">
                    {dayTitle(day)}
                  </h2>
                  <ul className="planning__slots">
                    {daySlots.map((slot) => (
                      <PlannedSlot
                        key={slot.id}
                        slot={slot}
                        onEdit={() => setEditing(slot)}
                        onCancel={() => setCanceling(slot)}
                      />
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          )}
        </QueryState>
      )}
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? t('planning.newTitle') : t('planning.editTitle')}
        onClose={closeForm}
        closeLabel={t('close')}
        width={560}
      >
        <QueryState query={options} skeleton={formSkeleton} error={t('planning.optionsError')}>
          {(choices) => (
            <Suspense fallback={formSkeleton}>
              <SlotForm
                key={editing === 'new' ? 'new' : (editing?.id ?? 'closed')}
                options={choices}
                editing={editing === 'new' ? null : editing}
                onDone={closeForm}
              />
            </Suspense>
          )}
        </QueryState>
      </Dialog>
      <Dialog
        open={canceling !== null}
        title={t('planning.cancelTitle')}
        onClose={() => setCanceling(null)}
        closeLabel={t('close')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setCanceling(null)}>
              {t('planning.keepSlot')}
            </Button>
            <Button variant="danger" busy={cancellation.isLoading} onClick={() => void confirmCancel()}>
              {t('planning.cancelConfirm')}
            </Button>
          </>
        }
      >
        {canceling && (
          <>
            <p>
              {t('planning.cancelText', {
                name: t('reviewSlot.module', { position: canceling.modulePosition, name: canceling.moduleName }),
                date: formatDateTime(canceling.startsAt, { weekday: 'long', day: 'numeric', month: 'long' }),
                time: clockIn(new Date(canceling.startsAt), timeZone),
              })}
            </p>
            <p>{t('planning.cancelStudents', { count: waiting(canceling) })}</p>
          </>
        )}
      </Dialog>
    </section>
  );
}
