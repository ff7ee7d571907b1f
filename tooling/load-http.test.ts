// The load generator's HTTP client (bench/load-http.mjs) against a real Node server: sized and chunked
// bodies, a reply in pieces, a server that closes, and a port where nothing listens.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseReply, Pool } from '../bench/load-http.mjs';

let server: http.Server;
let port: number;
const pool = new Pool();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.url === '/chunked') {
        res.write('пер');
        res.write('вый ');
        res.end('второй');
      } else if (req.url === '/close') {
        res.setHeader('connection', 'close');
        res.statusCode = 503;
        res.end('busy');
      } else {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ method: req.method, cookie: req.headers.cookie, body }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  pool.destroy();
  await new Promise((resolve) => server.close(resolve));
});

it('sends a request with its headers and body and reads a sized reply', async () => {
  const body = JSON.stringify({ text: 'ответ' });
  const reply = await pool.request(port, 'POST', '/echo', { cookie: 'a=1', 'content-type': 'application/json' }, body);
  expect(reply.status).toBe(200);
  expect(JSON.parse(reply.text)).toEqual({ method: 'POST', cookie: 'a=1', body });
});

it('reads a chunked reply and reuses the kept-alive connection', async () => {
  const first = await pool.request(port, 'GET', '/chunked', {});
  const second = await pool.request(port, 'GET', '/chunked', {});
  expect([first.text, second.text]).toEqual(['первый второй', 'первый второй']);
  expect(pool.all.size).toBe(1);
});

it('reads the status of a reply that closes its connection, then opens a new one', async () => {
  expect(await pool.request(port, 'GET', '/close', {})).toMatchObject({ status: 503, text: 'busy' });
  expect((await pool.request(port, 'GET', '/again', {})).status).toBe(200);
});

it('keeps parts of several requests at once apart', async () => {
  const replies = await Promise.all(
    Array.from({ length: 20 }, (_, i) => pool.request(port, 'GET', `/n${i}`, { cookie: `n=${i}` })),
  );
  expect(replies.map((reply) => JSON.parse(reply.text).cookie)).toEqual(Array.from({ length: 20 }, (_, i) => `n=${i}`));
});

it('rejects a request to a port where nothing listens', async () => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const free = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  await expect(pool.request(free, 'GET', '/', {})).rejects.toThrow();
});

it('waits for the rest of a reply that arrived in pieces', () => {
  const whole = Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nпр');
  expect(parseReply(whole.subarray(0, 20))).toBeNull();
  expect(parseReply(whole.subarray(0, whole.length - 1))).toBeNull();
  expect(parseReply(whole)).toEqual({ status: 200, text: 'пр', close: false });
  const chunked = Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n');
  expect(parseReply(chunked.subarray(0, chunked.length - 3))).toBeNull();
  expect(parseReply(chunked)).toEqual({ status: 200, text: 'abc', close: false });
});
