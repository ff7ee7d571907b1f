// The load generator's HTTP client: HTTP/1.1 over kept-alive sockets to 127.0.0.1, one request at a
// time on each, with only what the academy's replies use (a Content-Length or a chunked body). The
// generator shares the machine's two cores with what it measures, and Node's `http` client spent ~0.2 ms
// of CPU per request there on the slowest machines: a fifth of the whole request path (bench/RESULTS.md,
// "Paced students", 2026-12-06 19:30; undici cost more, not less).
import net from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

/** One kept-alive connection: the request on it, if any, and what has arrived of its reply. */
class Connection {
  constructor(port, onIdle, onGone) {
    this.busy = null;
    this.buffer = Buffer.alloc(0);
    this.socket = net.connect({ host: '127.0.0.1', port });
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      const reply = this.busy && parseReply(this.buffer);
      if (!reply) return;
      const { resolve } = this.busy;
      this.busy = null;
      this.buffer = Buffer.alloc(0);
      if (reply.close) this.socket.destroy();
      else onIdle(this);
      resolve(reply);
    });
    const gone = () => {
      onGone(this);
      if (this.busy) this.busy.reject(new Error('connection closed'));
      this.busy = null;
    };
    this.socket.on('error', gone);
    this.socket.on('close', gone);
  }

  send(text) {
    return new Promise((resolve, reject) => {
      this.busy = { resolve, reject };
      this.socket.write(text);
    });
  }
}

/**
 * A reply complete in `buffer`: its status, body text and whether the server closes the connection;
 * null while part of it is still to come.
 */
export function parseReply(buffer) {
  const headEnd = buffer.indexOf(HEADER_END);
  if (headEnd < 0) return null;
  const head = buffer.toString('latin1', 0, headEnd);
  const status = Number(head.slice(9, 12));
  const lower = head.toLowerCase();
  const close = /\r\nconnection:\s*close/.test(lower);
  const bodyStart = headEnd + 4;
  const length = /\r\ncontent-length:\s*(\d+)/.exec(lower);
  if (length) {
    const end = bodyStart + Number(length[1]);
    return buffer.length < end ? null : { status, text: buffer.toString('utf8', bodyStart, end), close };
  }
  if (!/\r\ntransfer-encoding:\s*chunked/.test(lower)) return { status, text: '', close };
  const parts = [];
  for (let at = bodyStart; ;) {
    const sizeEnd = buffer.indexOf(CRLF, at);
    if (sizeEnd < 0) return null;
    const size = parseInt(buffer.toString('latin1', at, sizeEnd), 16);
    const dataEnd = sizeEnd + 2 + size;
    if (buffer.length < dataEnd + 2) return null;
    if (size === 0) return { status, text: Buffer.concat(parts).toString('utf8'), close };
    parts.push(buffer.subarray(sizeEnd + 2, dataEnd));
    at = dataEnd + 2;
  }
}

/** Kept-alive connections per port: an idle one is reused, else a new one is opened. */
export class Pool {
  constructor() {
    this.idle = new Map();
    this.all = new Set();
  }

  /** Sends one request; resolves with its status and body text, rejects when the connection fails. */
  request(port, method, url, headers, body) {
    let idle = this.idle.get(port);
    if (!idle) this.idle.set(port, (idle = []));
    const connection =
      idle.pop() ??
      new Connection(
        port,
        (free) => idle.push(free),
        (gone) => {
          this.all.delete(gone);
          const at = idle.indexOf(gone);
          if (at >= 0) idle.splice(at, 1);
        },
      );
    this.all.add(connection);
    let text = `${method} ${url} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n`;
    for (const [name, value] of Object.entries(headers)) text += `${name}: ${value}\r\n`;
    if (body !== undefined) text += `content-length: ${Buffer.byteLength(body)}\r\n`;
    return connection.send(`${text}\r\n${body ?? ''}`);
  }

  /** Closes every connection. */
  destroy() {
    for (const connection of this.all) connection.socket.destroy();
    this.all.clear();
    this.idle.clear();
  }
}
