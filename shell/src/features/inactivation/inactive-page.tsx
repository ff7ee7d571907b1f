import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useGetProfileQuery } from '@academy/shared/api';
import { STAFF_ROLES, type InactivationReason, type Profile, type RoleName } from '@academy/shared/contract';
import { Button, LogoutIcon, useDocumentTitle } from '@academy/shared/ui';
import { useT, type TextKey } from '../../i18n/inactive';
import { areaPrefixOf, legalPathOf } from '../../lib/inactivation';
import { useExit } from '../../lib/use-exit';
import './inactivation.css';

/** How often the page asks whether the reason was lifted (an administrator may lift it any time). */
export const INACTIVE_POLL_MS = 60_000;

type ShownReason = Exclude<InactivationReason, 'PASSWORD_CHANGE_REQUIRED'>;

interface Message {
  title: TextKey;
  text: TextKey;
  todo: TextKey;
}

const message = (stem: string): Message => ({
  title: `${stem}.title` as TextKey,
  text: `${stem}.text` as TextKey,
  todo: `${stem}.todo` as TextKey,
});

/**
 * The reason's message by role: staff get one (their work areas are suspended, whatever the reason);
 * an enrollee waiting for a stream is told what comes after the introductory steps, a paying student
 * that their stream has not started; expulsion and an overdue payment read the same for both learners.
 */
function messageOf(reason: ShownReason, role: RoleName): Message {
  if (STAFF_ROLES.includes(role)) return message('inactive.staff');
  if (reason === 'WAITING_FOR_STREAM' && role === 'STUDENT') return message('inactive.WAITING_FOR_STREAM.enrollee');
  return message(`inactive.${reason}.learner`);
}

/** A large decorative picture of the reason (the heading says it in words). */
function ReasonIcon({ reason, staff }: { reason: ShownReason; staff: boolean }) {
  const paths: Record<ShownReason | 'staff', ReactNode> = {
    // a padlock
    staff: (
      <>
        <rect x="5" y="11" width="14" height="10" rx="2" />
        <path d="M8 11V7a4 4 0 0 1 8 0v4" />
      </>
    ),
    // a pause sign
    EXPELLED: (
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="M10 9v6M14 9v6" />
      </>
    ),
    // a bank card
    PAYMENT_OVERDUE: (
      <>
        <rect x="3" y="6" width="18" height="12" rx="2" />
        <path d="M3 10h18M7 15h4" />
      </>
    ),
    // an hourglass
    WAITING_FOR_STREAM: (
      <>
        <path d="M6 3h12M6 21h12" />
        <path d="M7 3c0 5 10 7 10 9s-10 4-10 9M17 3c0 5-10 7-10 9s10 4 10 9" />
      </>
    ),
  };
  return (
    <span className="inactive-page__icon" aria-hidden>
      <svg
        width="40"
        height="40"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable={false}
      >
        {paths[staff ? 'staff' : reason]}
      </svg>
    </span>
  );
}

/**
 * `/{area}/inactive` (spec 2 §4; docs/accounts.md, "Inactivation"): why the user may not use the academy now,
 * what to do, the contacts, a check whether the reason was lifted (asked every minute too: the page
 * then opens the academy by itself) and sign-out.
 */
export function InactivePage({ profile }: { profile: Profile }) {
  const t = useT();
  const { exit, exiting } = useExit();
  const { refetch, isFetching } = useGetProfileQuery(undefined, { pollingInterval: INACTIVE_POLL_MS });
  const [checked, setChecked] = useState(false);
  const reason = profile.inactivation?.reason;
  useDocumentTitle(reason && reason !== 'PASSWORD_CHANGE_REQUIRED' ? t(messageOf(reason, profile.role.name).title) : null);
  // a lifted reason: the guard is opening the landing page
  if (!reason || reason === 'PASSWORD_CHANGE_REQUIRED') return null;
  const role = profile.role.name;
  const staff = STAFF_ROLES.includes(role);
  const text = messageOf(reason, role);

  const check = async () => {
    setChecked(false);
    await refetch();
    setChecked(true);
  };

  return (
    <section className="card inactive-page" aria-labelledby="inactive-title">
      <ReasonIcon reason={reason} staff={staff} />
      <h1 id="inactive-title" className="inactive-page__title">
        {t(text.title)}
      </h1>
      <p className="inactive-page__text">{t(text.text)}</p>
      <h2 className="inactive-page__subtitle">{t('inactive.todoTitle')}</h2>
      <p className="inactive-page__text">{t(text.todo)}</p>
      <div className="inactive-page__actions">
        <Link className="btn btn--primary" to={legalPathOf(areaPrefixOf(role), 'contacts')}>
          {t('inactive.contacts')}
        </Link>
        <Button variant="secondary" onClick={() => void check()} busy={isFetching}>
          {t('inactive.checkAgain')}
        </Button>
        <Button variant="ghost" onClick={() => void exit()} disabled={exiting}>
          <LogoutIcon /> {t('header.exit')}
        </Button>
      </div>
      <p className="inactive-page__status" role="status">
        {checked && !isFetching ? t('inactive.stillInactive') : ''}
      </p>
      <p className="inactive-page__who">
        {t('inactive.signedInAs', {
          name: `${profile.firstName} ${profile.lastName}`,
          role: t(`role.${role}`),
        })}
      </p>
    </section>
  );
}
