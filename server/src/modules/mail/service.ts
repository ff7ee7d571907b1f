import type { FastifyRequest } from 'fastify';
import { notFound } from '../../plugins/errors';
import type { MailboxRepository } from './repository';
import { escapeHtml } from './templates';

/** The text of a mail, escaped, with its web addresses as links. */
const linkify = (text: string) => escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Whether a request comes from this machine: the socket's own address, a forwarded header is never believed. */
export function isLocalRequest(request: FastifyRequest): boolean {
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && !request.headers['x-forwarded-for'];
}

export function createMailboxService(mails: MailboxRepository) {
  return {
    /** The mailbox page for a local request; any other gets a 404 (recovery links are never shown to others). */
    async page(request: FastifyRequest): Promise<string> {
      if (!isLocalRequest(request)) throw notFound('server.noSuchPage');
      const items = (await mails.latestMails(50))
        .map(
          (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">Кому: ${escapeHtml(m.recipient)} · ${escapeHtml(new Date(m.created_at).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' }))}</p>
  <pre>${linkify(m.body_text)}</pre>
</article>`,
        )
        .join('\n');
      return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Почта для разработки — Академия</title>
<style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:860px;padding:24px;color:#1d2330;background:#f5f6fb}
article{background:#fff;border:1px solid #dfe3ec;border-radius:10px;padding:16px 20px;margin:16px 0}
h1{font-size:24px}h2{font-size:18px;margin:0}.meta{color:#535c6e;font-size:14px}
pre{white-space:pre-wrap;font:inherit}a{color:#4338ca}</style></head>
<body><h1>Почта для разработки</h1>
<p>SMTP не настроен (переменная SMTP_URL), поэтому письма Академии остаются здесь. Страница доступна только с этого компьютера.</p>
${items || '<p>Писем пока нет.</p>'}
</body></html>`;
    },
  };
}
