import { Fragment } from 'react';

/**
 * An e-mail address that wraps only after its `@` and before its dots, never in the middle of a word
 * (issue 29: addresses in the staff tables broke mid-word). Its class keeps one unbreakable part from
 * pushing the page sideways on a phone.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?=\.)|(?<=@)/);
  return (
    <span className={['email-text', className].filter(Boolean).join(' ')}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
