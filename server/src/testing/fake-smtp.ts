import { createServer, type Server } from 'node:net';

export interface FakeSmtp {
  server: Server;
  port: number;
  /** every mail accepted, as the raw message (headers and body) */
  received: string[];
  close(): Promise<void>;
}

/**
 * A tiny SMTP server that accepts every mail and keeps what it was sent. `delayMs` holds each reply to
 * DATA that long, as a real server's round trip would, so senders running at once overlap.
 */
export function fakeSmtp({ delayMs = 0 }: { delayMs?: number } = {}): Promise<FakeSmtp> {
  const received: string[] = [];
  const server = createServer((socket) => {
    let data: string | null = null;
    let pending = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      const lines = (pending + chunk.toString('utf8')).split('\r\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (data !== null) {
          if (line === '.') {
            received.push(data);
            data = null;
            if (delayMs > 0) setTimeout(() => socket.write('250 queued\r\n'), delayMs);
            else socket.write('250 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') socket.write('250 fake\r\n');
        else if (command === 'MAIL' || command === 'RCPT') socket.write('250 ok\r\n');
        else if (command === 'DATA') {
          data = '';
          socket.write('354 go on\r\n');
        } else if (command === 'QUIT') socket.end('221 bye\r\n');
        else if (line) socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        server,
        port: typeof address === 'object' && address ? address.port : 0,
        received,
        close: () => new Promise((done) => server.close(() => done())),
      });
    }),
  );
}
