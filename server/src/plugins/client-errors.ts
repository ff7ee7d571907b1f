import http from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError } from 'fastify';
import type { Language } from '@academy/shared/contract';
import { translate, type ServerTextKey } from '@academy/shared/server-texts';
import { LANGUAGE_COOKIE } from './errors';
import { failure } from '../common/errors';

/** Node's parser errors (before any route sees the request) by code: the status and the catalogue key. */
const PARSER_ERRORS: Record<string, { status: number; key: ServerTextKey }> = {
  HPE_HEADER_OVERFLOW: { status: 431, key: 'server.headersTooLarge' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, key: 'server.requestTimeout' },
};
const OTHER: { status: number; key: ServerTextKey } = { status: 400, key: 'server.clientError' };

/** How much of the bytes received is read for the reader's language: the head of a request is enough. */
const SNIFF_BYTES = 8 * 1024;

/**
 * The reader's language from what arrived before the parser gave up (no request object exists): the
 * interface's cookie, else Accept-Language, else Russian, as `requestLanguage` decides for a request.
 */
export function languageOfRawRequest(raw: unknown): Language {
  // Node hands the bytes as a Buffer (fastify's type says a serialised one)
  if (!Buffer.isBuffer(raw)) return 'ru';
  const head = raw.subarray(0, SNIFF_BYTES).toString('latin1');
  const cookie = new RegExp(`^cookie:[^\\r\\n]*\\b${LANGUAGE_COOKIE}=(en|ru)\\b`, 'im').exec(head);
  if (cookie) return cookie[1] as Language;
  return /^accept-language:[ \t]*en\b/im.test(head) ? 'en' : 'ru';
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses (a control character in a header,
 * headers beyond the limit, a broken request line, a timeout) gets the reply envelope like every other
 * refusal, then the connection is closed (the parser's state is lost).
 */
export function replyToClientError(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, key } = PARSER_ERRORS[error.code ?? ''] ?? OTHER;
  if (socket.writable) {
    const text = translate(languageOfRawRequest(error.rawPacket), key);
    const body = JSON.stringify(failure(status, text, key.replace(/^server\./, '')));
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
