import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Requests Node's HTTP parser refuses before any route sees them (a control character in a header,
 * headers beyond the size limit, a broken request line) still get the reply envelope, in the reader's
 * language when the request names it.
 */
let test: TestApp;
let port: number;

beforeAll(async () => {
  test = await createTestApp('pglite');
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  port = (test.app.server.address() as AddressInfo).port;
}, 120_000);
afterAll(async () => test.close());

/** Sends raw bytes and returns the whole raw reply. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    const reply = () => Buffer.concat(chunks).toString('utf8');
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(reply()));
    socket.on('close', () => resolve(reply()));
    socket.on('error', (error) => (chunks.length > 0 ? resolve(reply()) : reject(error)));
    socket.write(request, 'latin1');
  });
}

function parse(reply: string) {
  const [head, body = ''] = reply.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head ?? '')?.[1]);
  return {
    status,
    head: head ?? '',
    body: JSON.parse(body) as { success: boolean; data: null; error: { code: number; text: string; key: string } },
  };
}

describe('replies of the HTTP parser', () => {
  it('a control character in a header gets a 400 in the envelope', async () => {
    const reply = parse(await raw('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0001b\r\n\r\n'));
    expect(reply.status).toBe(400);
    expect(reply.head).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(reply.body).toEqual({
      success: false,
      data: null,
      error: { code: 400, key: 'clientError', text: 'Неверный запрос.' },
    });
  });

  it('headers beyond the limit get a 431 in the envelope, in English when the request asks for it', async () => {
    const big = 'a'.repeat(20_000);
    const reply = parse(await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nAccept-Language: en-GB\r\nX-Big: ${big}\r\n\r\n`));
    expect(reply.status).toBe(431);
    expect(reply.body.success).toBe(false);
    expect(reply.body.error).toMatchObject({ code: 431, key: 'headersTooLarge' });
    expect(reply.body.error.text).toMatch(/headers/i);
  });

  it('a broken request line gets a 400 in the envelope', async () => {
    const reply = parse(await raw('NOT A REQUEST\r\n\r\n'));
    expect(reply.status).toBe(400);
    expect(reply.body.error.code).toBe(400);
  });

  it('the server goes on answering', async () => {
    const reply = await raw('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 200/);
  });
});
