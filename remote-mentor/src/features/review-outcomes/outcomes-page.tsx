import { useId, useState } from 'react';
import { useDispatch } from 'react-redux';
import { failureOf, notify } from '@academy/shared/api';
import type { MentorReviewSlot, ReviewBooking, ReviewOutcome, ReviewOutcomeInput } from '@academy/shared/contract';
import { clockIn, useServerText } from '@academy/shared/i18n';
import { Button, Dialog, Skeleton } from '@academy/shared/ui';
import { QueryState } from '@academy/shared/ui/query-state';
import {
  dayOf,
  ReviewStatusChip,
  SlotFacts,
  slotsByDay,
  slotTimeRange,
  useDayTitle,
  useStarted,
} from '../../components/review-slot';
import { useT } from '../../i18n';
import { DebtsForm } from './debts-form';

/** The outcomes recorded after a confirmation (a result cannot be changed), and their texts. */
const CONFIRM = {
  SUCCESS: { title: 'outcome.passedTitle', text: 'outcome.passedText', confirm: 'outcome.passedConfirm' },
  MISSED: { title: 'outcome.missedTitle', text: 'outcome.missedText', confirm: 'outcome.missedConfirm' },
} as const;
import { useGetMentorReviewSlotsQuery, useRecordReviewOutcomeMutation } from './outcomes-api';
import './outcomes.css';

const OUTCOME_NOTICE: Record<ReviewOutcome, 'outcome.savedSuccess' | 'outcome.savedFailed' | 'outcome.savedMissed'> = {
  SUCCESS: 'outcome.savedSuccess',
  FAILED: 'outcome.savedFailed',
  MISSED: 'outcome.savedMissed',
};

/** One student of a slot: their status, and while they wait the three outcomes (open once the slot starts). */
function BookingRow({ slot, booking, started }: { slot: MentorReviewSlot; booking: ReviewBooking; started: boolean }) {
  const t = useT();
  const dispatch = useDispatch();
  const serverText = useServerText();
  const hintId = useId();
  const [record, recording] = useRecordReviewOutcomeMutation();
  const [dialog, setDialog] = useState<ReviewOutcome | null>(null);
  const confirming = dialog === 'SUCCESS' || dialog === 'MISSED' ? dialog : null;
  const name = booking.studentName;

  /** Sends the outcome; a refusal is thrown to the caller (the debts form shows it) after its notice. */
  const send = async (input: ReviewOutcomeInput) => {
    await record({ studentReviewId: booking.studentReviewId, slotId: slot.id, courseId: slot.courseId, input }).unwrap();
    dispatch(notify({ kind: 'success', message: OUTCOME_NOTICE[input.status] }));
    setDialog(null);
  };
  const sendOrTell = (input: ReviewOutcomeInput) =>
    send(input).catch((error: unknown) => {
      setDialog(null);
      dispatch(notify({ kind: 'danger', message: serverText(failureOf(error)), raw: true, timeout: 5000 }));
    });

  return (
    <li className="outcome-row">
      <div className="outcome-row__who">
        <span className="outcome-row__name">{name}</span>
        <ReviewStatusChip status={booking.status} />
      </div>
      {booking.status === 'WAITED' && !slot.canceled && (
        <div className="outcome-row__actions" role="group" aria-label={t('outcome.actionsFor', { name })}>
          <Button
            disabled={!started || recording.isLoading}
            aria-describedby={started ? undefined : hintId}
            onClick={() => setDialog('SUCCESS')}
          >
            {t('outcome.passed')}
          </Button>
          <Button
            variant="danger"
            disabled={!started || recording.isLoading}
            aria-describedby={started ? undefined : hintId}
            onClick={() => setDialog('FAILED')}
          >
            {t('outcome.failed')}
          </Button>
          <Button
            variant="secondary"
            disabled={!started || recording.isLoading}
            aria-describedby={started ? undefined : hintId}
            onClick={() => setDialog('MISSED')}
          >
            {t('outcome.missed')}
          </Button>
          {!started && (
            <p id={hintId} className="outcome-row__hint">
              {t('outcome.notStarted', { time: clockIn(new Date(slot.startsAt)) })}
            </p>
          )}
        </div>
      )}
      <Dialog
        open={dialog === 'FAILED'}
        title={t('outcome.failedTitle', { name })}
        onClose={() => setDialog(null)}
        closeLabel={t('close')}
        width={640}
      >
        <p className="outcome-row__lead">{t('outcome.failedLead')}</p>
        <DebtsForm tasks={slot.debtTasks} onSubmit={send} onCancel={() => setDialog(null)} />
      </Dialog>
      {confirming && (
        <Dialog
          open
          title={t(CONFIRM[confirming].title)}
          onClose={() => setDialog(null)}
          closeLabel={t('close')}
          footer={
            <>
              <Button variant="secondary" onClick={() => setDialog(null)}>
                {t('cancel')}
              </Button>
              <Button busy={recording.isLoading} onClick={() => void sendOrTell({ status: confirming })}>
                {t(CONFIRM[confirming].confirm)}
              </Button>
            </>
          }
        >
          <p>{t(CONFIRM[confirming].text, { name })}</p>
        </Dialog>
      )}
    </li>
  );
}

function ReviewCard({ slot }: { slot: MentorReviewSlot }) {
  const t = useT();
  const started = useStarted(slot.startsAt);
  const name = t('reviewSlot.module', { position: slot.modulePosition, name: slot.moduleName });
  const time = slotTimeRange(slot.startsAt);
  return (
    <li className="card outcome-slot">
      <article aria-label={`${time}, ${name}`}>
        <header className="outcome-slot__head">
          <h3 className="outcome-slot__time">{time}</h3>
          {slot.canceled && <span className="chip">{t('reviewSlot.canceled')}</span>}
        </header>
        <SlotFacts slot={slot} />
        {slot.bookings.length === 0 ? (
          <p className="outcome-slot__empty">{t('reviewSlot.noBookings')}</p>
        ) : (
          <>
            <h4 className="outcome-slot__subtitle">{t('outcome.students', { count: slot.bookings.length })}</h4>
            <ul className="outcome-slot__students">
              {slot.bookings.map((booking) => (
                <BookingRow key={booking.studentReviewId} slot={slot} booking={booking} started={started} />
              ))}
            </ul>
          </>
        )}
      </article>
    </li>
  );
}

/** A titled group of slots, by day within it. */
function SlotGroup({ id, title, slots }: { id: string; title: string; slots: MentorReviewSlot[] }) {
  const dayTitle = useDayTitle();
  if (slots.length === 0) return null;
  return (
    <section className="outcomes__group" aria-labelledby={id}>
      <h2 id={id} className="outcomes__group-title">
        {title}
      </h2>
      {slotsByDay(slots).map(({ day, slots: daySlots }) => (
        <section key={day} className="outcomes__day" aria-labelledby={`${id}-${day}`}>
          <h3 id={`${id}-${day}`} className="outcomes__day-title">
            {dayTitle(day)}
          </h3>
          <ul className="outcomes__slots">
            {daySlots.map((slot) => (
              <ReviewCard key={slot.id} slot={slot} />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

/**
 * The reviewing mentor's screen (REVIEW_MENTOR_ROLES; docs/courses.md, "Reviews"): past reviews whose students
 * still wait for an outcome, today's and the coming ones, each with its students; once a review has
 * started each waiting student gets passed, failed (with debts) or missed.
 */
export default function ReviewOutcomesPage() {
  const t = useT();
  const slots = useGetMentorReviewSlotsQuery();
  const today = dayOf(new Date());
  const dayOfSlot = (slot: MentorReviewSlot) => dayOf(new Date(slot.startsAt));

  return (
    <section className="outcomes" aria-labelledby="outcomes-title">
      <h1 id="outcomes-title">{t('outcome.title')}</h1>
      <p className="outcomes__lead">{t('outcome.lead')}</p>
      <QueryState
        query={slots}
        skeleton={
          <div className="outcomes__skeleton" role="status" aria-label={t('loading')}>
            <Skeleton width="30%" height={24} />
            <Skeleton height={180} />
            <Skeleton height={180} />
          </div>
        }
        error={failureOf(slots.error).text || t('outcome.loadError')}
        retry
        empty={<p className="card outcomes__empty">{t('outcome.empty')}</p>}
      >
        {(list) => (
          <div aria-busy={slots.isFetching}>
            <SlotGroup id="outcomes-earlier" title={t('outcome.earlier')} slots={list.filter((s) => dayOfSlot(s) < today)} />
            <SlotGroup id="outcomes-today" title={t('outcome.today')} slots={list.filter((s) => dayOfSlot(s) === today)} />
            <SlotGroup id="outcomes-later" title={t('outcome.later')} slots={list.filter((s) => dayOfSlot(s) > today)} />
          </div>
        )}
      </QueryState>
    </section>
  );
}
