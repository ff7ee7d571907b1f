// Types of bench/load-http.mjs for its test (tooling/load-http.test.ts).
export interface Reply {
  status: number;
  text: string;
  close: boolean;
}
export function parseReply(buffer: Buffer): Reply | null;
export class Pool {
  all: Set<unknown>;
  request(port: number, method: string, url: string, headers: Record<string, string>, body?: string): Promise<Reply>;
  destroy(): void;
}
