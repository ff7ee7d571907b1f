import type { Language } from '@academy/shared/contract';
import { translate, type ServerTextKey } from '@academy/shared/server-texts';
import type { Mail } from '../../plugins/mail-outbox';

/** Text made safe inside HTML (mail bodies, the development mailbox). */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One layout for every mail: a greeting, a paragraph, a button with the link, a note. */
function layout(
  language: Language,
  to: string,
  keys: { subject: ServerTextKey; lead: ServerTextKey; action: ServerTextKey; note: ServerTextKey },
  link: string,
  params: Record<string, string | number> = {},
): Mail {
  const t = (key: ServerTextKey) => translate(language, key, params);
  const text = [
    t('mail.greeting'),
    '',
    t(keys.lead),
    '',
    `${t(keys.action)}: ${link}`,
    '',
    t(keys.note),
    '',
    t('mail.signature'),
  ].join('\n');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;color:#1d2330;line-height:1.5">
<p>${escapeHtml(t('mail.greeting'))}</p>
<p>${escapeHtml(t(keys.lead))}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#4338ca;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(t(keys.action))}</a></p>
<p style="color:#535c6e;font-size:14px">${escapeHtml(t(keys.note))}<br>${escapeHtml(link)}</p>
<p>${escapeHtml(t('mail.signature'))}</p>
</body></html>`;
  return { to, subject: t(keys.subject), text, html };
}

export function recoveryMail(language: Language, to: string, link: string): Mail {
  return layout(
    language,
    to,
    { subject: 'mail.recovery.subject', lead: 'mail.recovery.lead', action: 'mail.recovery.action', note: 'mail.recovery.note' },
    link,
  );
}

export function invitationMail(language: Language, to: string, link: string, days: number): Mail {
  return layout(
    language,
    to,
    {
      subject: 'mail.invitation.subject',
      lead: 'mail.invitation.lead',
      action: 'mail.invitation.action',
      note: 'mail.invitation.note',
    },
    link,
    { days },
  );
}
