import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { type ApiFailure, failureOf, notify, useAcademyDispatch } from '@academy/shared/api';
import type { ReviewEntry, ReviewTimeEntry } from '@academy/shared/contract';
import { dateTimeFormat, dayInstant, LOCALES, useI18n, useServerText, useToday } from '@academy/shared/i18n';
import { ActionRow, Alert, Button, Dialog, Skeleton } from '@academy/shared/ui';
import { useT } from '../../i18n/reviews';
import { useBookReviewSlotMutation, useCancelReviewSlotMutation, useGetReviewEntryQuery } from '../../api/reviews-api';
import { endOfNextMonth, localDay, monthOf, slotRange, type Month } from '../../lib/review-dates';
import { ReviewCalendar } from './review-calendar';
import './review-sign-up.css';

/** Refusals whose server text tells the student what happened (full, past, already booked, a slot gone). */
const SERVER_TEXT_STATUSES: ReadonlyArray<ApiFailure['status']> = [400, 404];

export interface ReviewSignUpDialogProps {
  moduleId: number;
  /** the module's name, for the title when known */
  moduleName?: string;
  reviewType?: string;
  onClose(): void;
}

/** A day's slots and the student's booking, from the entry keyed `dd.MM` (spec 2 §3). */
function useEntryDays(entry: ReviewEntry | undefined) {
  return useMemo(() => {
    const byDay = new Map<string, ReviewTimeEntry[]>();
    let booked: { day: string; slot: ReviewTimeEntry } | null = null;
    for (const slots of Object.values(entry?.mapOfListTimeEntryDto ?? {})) {
      for (const slot of slots) {
        // the key is the day in our zone; its year comes from the slot's start
        const day = localDay(new Date(slot.startsAt));
        byDay.set(day, [...(byDay.get(day) ?? []), slot]);
        if (slot.registered) booked = { day, slot };
      }
    }
    const freeDays = new Set([...byDay].filter(([, slots]) => slots.some((slot) => !slot.full)).map(([day]) => day));
    return { byDay, freeDays, booked };
  }, [entry]);
}

/**
 * The module review sign-up (spec 2 §2.6, 600 px): step 1 a calendar of today to the end of next
 * month, where only days with a free slot can be chosen; step 2 the day's one-hour slots, full ones
 * disabled; sign up. A student already signed up sees that day's slots, the others disabled, and only
 * the option to cancel, which returns to the calendar. Refusals come back as the server's notification.
 */
export function ReviewSignUpDialog({ moduleId, moduleName, reviewType, onClose }: ReviewSignUpDialogProps) {
  const t = useT();
  const { language } = useI18n();
  const serverText = useServerText();
  const dispatch = useAcademyDispatch();
  const today = useToday();
  const last = useMemo(() => endOfNextMonth(today), [today]);
  const entry = useGetReviewEntryQuery({ moduleId, reviewType }, { refetchOnMountOrArgChange: true });
  const [book, booking] = useBookReviewSlotMutation();
  const [cancel, cancelling] = useCancelReviewSlotMutation();
  const { byDay, freeDays, booked } = useEntryDays(entry.currentData);
  const [day, setDay] = useState<string | null>(null);
  const [month, setMonth] = useState<Month | null>(null);
  const [slotId, setSlotId] = useState<number | null>(null);
  const stepTitle = useRef<HTMLHeadingElement>(null);
  const groupName = useId();
  const longDay = useMemo(
    () => dateTimeFormat(LOCALES[language], { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }),
    [language],
  );

  const data = entry.currentData;
  const recorded = data?.recordedDay ?? null;
  // which step: the booking's day while signed up; else the chosen day's times, or the calendar
  const shownDay = booked ? booked.day : day;
  const step = !data ? 'loading' : booked ? 'booked' : recorded ? 'waiting' : shownDay ? 'slots' : 'calendar';
  // a new step announces itself: its heading takes the focus (the button that led there is gone)
  const focusStep = useRef(false);
  useEffect(() => {
    if (focusStep.current) stepTitle.current?.focus();
    focusStep.current = true;
  }, [step]);

  const failed = (failure: ApiFailure, fallback: 'review.bookError' | 'review.cancelError') =>
    dispatch(
      notify({
        kind: 'danger',
        message: SERVER_TEXT_STATUSES.includes(failure.status) ? serverText(failure) : t(fallback),
        raw: true,
        timeout: 5000,
      }),
    );

  const signUp = async () => {
    if (slotId === null) return;
    const result = await book({ reviewId: slotId, moduleId });
    setSlotId(null);
    if (result.error) failed(failureOf(result.error), 'review.bookError');
    else dispatch(notify({ kind: 'success', message: 'review.signedUp', timeout: 5000 }));
  };
  const checkOut = async (reviewId: number) => {
    const result = await cancel({ reviewId });
    if (result.error) {
      failed(failureOf(result.error), 'review.cancelError');
      return;
    }
    dispatch(notify({ kind: 'success', message: 'review.checkedOut', timeout: 5000 }));
    setDay(null);
  };

  const firstFree = [...freeDays].sort()[0];
  const calendarMonth = month ?? monthOf(firstFree ?? today);
  const slots = shownDay ? (byDay.get(shownDay) ?? []) : [];
  const dayTitle = shownDay ? longDay.format(dayInstant(shownDay)) : '';

  let body;
  if (entry.isError && !data)
    body = (
      <Alert kind="danger">
        {SERVER_TEXT_STATUSES.includes(failureOf(entry.error).status)
          ? serverText(failureOf(entry.error))
          : t('review.loadError')}
      </Alert>
    );
  else if (step === 'loading')
    body = (
      <div className="review-sign-up__loading" role="status" aria-busy="true">
        <span className="visually-hidden">{t('loading')}</span>
        <Skeleton width="50%" height={24} />
        <Skeleton height={240} />
      </div>
    );
  else if (step === 'waiting')
    body = (
      <>
        <h3 ref={stepTitle} tabIndex={-1} className="review-sign-up__step">
          {t('review.waitingTitle')}
        </h3>
        <p>{t('review.waitingText', { day: recorded ?? '' })}</p>
      </>
    );
  else if (step === 'calendar' && freeDays.size === 0)
    body = (
      <div className="review-sign-up__empty">
        <h3 ref={stepTitle} tabIndex={-1} className="review-sign-up__step">
          {t('review.emptyTitle')}
        </h3>
        <p>{t('review.emptyText')}</p>
      </div>
    );
  else if (step === 'calendar')
    body = (
      <>
        <h3 ref={stepTitle} tabIndex={-1} className="review-sign-up__step">
          {t('review.stepDay')}
        </h3>
        <ReviewCalendar
          month={calendarMonth}
          first={today}
          last={last}
          freeDays={freeDays}
          onMonth={setMonth}
          onPick={(picked) => {
            setDay(picked);
            setSlotId(null);
          }}
        />
      </>
    );
  else
    body = (
      <>
        <h3 ref={stepTitle} tabIndex={-1} className="review-sign-up__step">
          {booked ? t('review.bookedTitle') : t('review.stepTime')}
        </h3>
        {booked && (
          <Alert kind="success">{t('review.bookedText', { day: dayTitle, time: slotRange(booked.slot.startsAt) })}</Alert>
        )}
        <fieldset className="review-slots">
          <legend className="review-slots__legend">{t('review.slotsOf', { day: dayTitle })}</legend>
          {slots.map((slot) => {
            // spec 2 §2.6: full slots are disabled, and every other slot while the student has a day
            const note = slot.registered ? t('review.slotYours') : slot.full ? t('review.slotFull') : null;
            const noteId = `${groupName}-${slot.reviewId}`;
            return (
              <div
                key={slot.reviewId}
                className={[
                  'review-slot',
                  slot.registered ? 'review-slot--yours' : '',
                  slot.full && !slot.registered ? 'review-slot--full' : '',
                ]
                  .filter(Boolean)
                  .join(' ')}
              >
                <label className="review-slot__label">
                  <input
                    type="radio"
                    name={groupName}
                    value={slot.reviewId}
                    checked={booked ? slot.registered : slotId === slot.reviewId}
                    disabled={booked !== null || recorded !== null || slot.full}
                    aria-describedby={note ? noteId : undefined}
                    onChange={() => setSlotId(slot.reviewId)}
                  />
                  <span className="review-slot__time">{slotRange(slot.startsAt)}</span>
                </label>
                {note && (
                  <span id={noteId} className="review-slot__note">
                    {note}
                  </span>
                )}
              </div>
            );
          })}
        </fieldset>
        <ActionRow>
          {booked ? (
            <Button variant="danger" busy={cancelling.isLoading} onClick={() => void checkOut(booked.slot.reviewId)}>
              {t('review.cancel')}
            </Button>
          ) : (
            <>
              <Button variant="secondary" onClick={() => setDay(null)}>
                {t('review.otherDay')}
              </Button>
              <Button disabled={slotId === null} busy={booking.isLoading} onClick={() => void signUp()}>
                {t('review.book')}
              </Button>
            </>
          )}
        </ActionRow>
      </>
    );

  return (
    <Dialog
      open
      width={600}
      title={moduleName ? t('review.dialogTitleOf', { module: moduleName }) : t('review.dialogTitle')}
      onClose={onClose}
      closeLabel={t('close')}
    >
      <div className="review-sign-up" aria-busy={entry.isFetching}>
        {body}
      </div>
    </Dialog>
  );
}
