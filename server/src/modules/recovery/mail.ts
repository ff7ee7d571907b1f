import type { Language } from '@academy/shared/contract';
import { translate, type ServerTextKey } from '@academy/shared/server-texts';
import type { Mail } from '../../plugins/mail-outbox';
import { escapeHtml } from '../mail/templates';

/**
 * The answer to a recovery request for an e-mail without an active account: the person who asked
 * learns why no link came (and may register), and the request does the same work as for an account.
 */
export function noAccountMail(language: Language, to: string, registerLink: string): Mail {
  const t = (key: ServerTextKey) => translate(language, key);
  const paragraphs = [t('mail.greeting'), t('mail.noAccount.lead'), `${t('mail.noAccount.action')}: ${registerLink}`];
  const text = [...paragraphs, t('mail.noAccount.note'), t('mail.signature')].join('\n\n');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;color:#1d2330;line-height:1.5">
<p>${escapeHtml(t('mail.greeting'))}</p>
<p>${escapeHtml(t('mail.noAccount.lead'))}</p>
<p><a href="${escapeHtml(registerLink)}">${escapeHtml(t('mail.noAccount.action'))}</a></p>
<p style="color:#535c6e;font-size:14px">${escapeHtml(t('mail.noAccount.note'))}</p>
<p>${escapeHtml(t('mail.signature'))}</p>
</body></html>`;
  return { to, subject: t('mail.recovery.subject'), text, html };
}
