import { useEffect, useMemo, useState } from 'react';
import { usePageStatus } from '@academy/shared/api';
import { REVIEW_LIST_WINDOW_DAYS, STAFF_VIEW_ROLES, type RoleName } from '@academy/shared/contract';
import { dateTimeFormat, LOCALES, useI18n, useToday } from '@academy/shared/i18n';
import { ActionRow, Alert, Button, Skeleton } from '@academy/shared/ui';
import { useGetStudentReviewsQuery } from '../../api/reviews-api';
import { ReviewSignUpDialog } from '../../components/review-sign-up/review-sign-up-dialog';
import { useT } from '../../i18n/reviews';
import { addDays, CONFERENCE_OPENS_MINUTES, conferenceOpen, endOfNextMonth, listDate, slotRange } from '../../lib/review-dates';
import type { BodyProps } from '@academy/shared/task-kinds';
import { FailedReview } from './review-step-debts';
import './review-step-body.css';

/** The time now, again every half minute while `ticking` (a conference link that opens meanwhile). */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

/**
 * A review step (spec 2 §2.2, §2.6): the module's review state (passed; signed up for a day and time,
 * with the conference link from shortly before its start; failed or missed, with what a failed one left
 * to redo; or not yet) and, on the student's own page, the sign-up button (which manages the booking
 * once booked). The button is disabled once the step is passed and says so when the step is not
 * available. Staff viewing a student see the state only; a classmate sees whether it is passed.
 */
export default function ReviewStepBody({ task, moduleId, available }: BodyProps) {
  const t = useT();
  const { language, timeZone } = useI18n();
  const { status, profile, studentId } = usePageStatus();
  const role = profile?.role.name;
  const own = status === 'NORMAL' && role === 'PAY_STUDENT';
  const staffViewing =
    status === 'FAKE' && studentId !== null && (STAFF_VIEW_ROLES as readonly (RoleName | undefined)[]).includes(role);
  const [signingUp, setSigningUp] = useState(false);
  const today = useToday();
  // the module's reviews of the list's window (every status): a waiting booking, else the latest result
  const waiting = useGetStudentReviewsQuery(
    {
      studentId: own ? null : studentId,
      startTime: listDate(addDays(today, -REVIEW_LIST_WINDOW_DAYS)),
      endTime: listDate(endOfNextMonth(today)),
      reviewStatus: null,
    },
    { skip: task.solved || !(own || staffViewing) },
  );
  const mine = (waiting.currentData ?? []).filter((review) => review.moduleId === moduleId);
  const booking = mine.find((review) => review.status === 'WAITED');
  const latest = [...mine].sort((a, b) => b.reviewTime.localeCompare(a.reviewTime))[0];
  const notPassed = !booking && latest && (latest.status === 'FAILED' || latest.status === 'MISSED') ? latest : null;
  const now = useNow(Boolean(booking));
  const day = useMemo(
    () => dateTimeFormat(LOCALES[language], { weekday: 'long', day: 'numeric', month: 'long', timeZone }),
    [language, timeZone],
  );

  let state;
  if (task.solved) state = <Alert kind="success">{t('review.passed')}</Alert>;
  else if (!own && !staffViewing) state = <p className="review-step__state">{t('review.notPassed')}</p>;
  else if (waiting.isError) state = <Alert kind="danger">{t('review.stateError')}</Alert>;
  else if (!waiting.currentData) state = <Skeleton height={24} width="60%" />;
  else if (booking)
    state = (
      <div className="review-step__booking">
        <p className="review-step__state">
          {t(own ? 'review.bookedOwn' : 'review.bookedStudent', {
            day: day.format(new Date(booking.reviewTime)),
            time: slotRange(booking.reviewTime, timeZone),
          })}
        </p>
        {booking.link &&
          (conferenceOpen(booking.reviewTime, now) ? (
            <a className="btn btn--secondary" href={booking.link} target="_blank" rel="noopener noreferrer">
              {t('review.conference')}
            </a>
          ) : (
            <p className="review-step__hint">{t('review.conferenceLater', { minutes: CONFERENCE_OPENS_MINUTES })}</p>
          ))}
      </div>
    );
  else if (notPassed) state = <FailedReview review={notPassed} studentId={studentId} own={own} />;
  else state = <p className="review-step__state">{t(own ? 'review.notBookedOwn' : 'review.notBookedStudent')}</p>;

  return (
    <section className="review-step" aria-label={t('review.stateLabel')} aria-busy={waiting.isFetching}>
      {state}
      {status === 'NORMAL' && !own && <p className="review-step__hint">{t('review.staffHint')}</p>}
      {own && (
        <>
          {!available && !task.solved && <p className="review-step__hint">{t('review.notAvailableText')}</p>}
          <ActionRow>
            <Button
              variant={booking ? 'secondary' : 'primary'}
              disabled={task.solved || !available}
              onClick={() => setSigningUp(true)}
            >
              {booking ? t('review.manage') : available || task.solved ? t('review.signUp') : t('review.notAvailable')}
            </Button>
          </ActionRow>
        </>
      )}
      {signingUp && <ReviewSignUpDialog moduleId={moduleId} onClose={() => setSigningUp(false)} />}
    </section>
  );
}
