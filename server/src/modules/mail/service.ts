import type { MailboxRepository } from './repository';
import { escapeHtml } from './templates';

/** The text of a mail, escaped, with its web addresses as links. */
const linkify = (text: string) => escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/** The mailbox's HTML page around a body. */
function pageShell(body: string): string {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Почта для разработки — Академия</title>
<style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:860px;padding:24px;color:#1d2330;background:#f5f6fb}
article{background:#fff;border:1px solid #dfe3ec;border-radius:10px;padding:16px 20px;margin:16px 0}
h1{font-size:24px}h2{font-size:18px;margin:0}.meta{color:#535c6e;font-size:14px}
pre{white-space:pre-wrap;font:inherit}a{color:#4338ca}</style></head>
<body>${body}
</body></html>`;
}

export function createMailboxService(mails: MailboxRepository) {
  return {
    /** The mailbox page (the route lets only an administrator in: recovery links are never shown to others). */
    async page(): Promise<string> {
      const items = (await mails.latestMails(50))
        .map(
          (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">Кому: ${escapeHtml(m.recipient)} · ${escapeHtml(new Date(m.created_at).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' }))}</p>
  <pre>${linkify(m.body_text)}</pre>
</article>`,
        )
        .join('\n');
      return pageShell(`<h1>Почта для разработки</h1>
<p>SMTP не настроен (переменная SMTP_URL), поэтому письма Академии остаются здесь. Страницу видят только администраторы.</p>
${items || '<p>Писем пока нет.</p>'}`);
    },

    /** What anyone but a signed-in administrator sees instead: why, and where to sign in. */
    refusalPage(reason: string): string {
      return pageShell(`<h1>Почта для разработки</h1>
<p role="alert">${escapeHtml(reason)}</p>
<p>В письмах — действующие ссылки для смены пароля, поэтому эту страницу видит только администратор.
<a href="/login">Войдите как администратор</a> и откройте её снова.</p>`);
    },
  };
}
