import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import Module, { createRequire } from 'node:module';
import type { FastifyReply } from 'fastify';

/**
 * A built file's headers. Caching: federation entries and the page must be revalidated; hashed chunks
 * can be cached for a year. remote-deploy: a remote's mf-manifest.json is revalidated like its
 * remoteEntry.js (both keep their names across builds); @fastify/static answers the revalidation with a
 * 304 on the file's ETag. Security: a file that is not a document loses the headers only a document obeys.
 */
export function setFileHeaders(reply: FastifyReply, filePath: string): void {
  const name = path.basename(filePath);
  if (/\.[0-9a-f]{8,}\./.test(name)) reply.header('cache-control', 'public, max-age=31536000, immutable');
  else reply.header('cache-control', 'no-cache');
  // the file's own name: a precompressed copy (x.html.br) is sent as the file it was made from
  if (!DOCUMENT_FILE.test(name.replace(/\.(br|gz)$/, ''))) {
    for (const header of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(header);
  }
}

/** Files a browser may open as a document (an SVG runs scripts when opened by itself): they keep every header. */
const DOCUMENT_FILE = /\.(html?|svg|xml)$/i;

/**
 * Issue 14 (bytes): helmet's headers that only a document (or a worker, which the academy does not
 * start) obeys. A script, style sheet, image or JSON file fetched by the page ignores them, yet each of
 * ~25 files on a page carried them: ~0.8 KB of ~1.1 KB of headers per file, ~20 KB of a course list's
 * JavaScript transferred over HTTP/1.1. Kept on every file: `X-Content-Type-Options: nosniff` and
 * `Cross-Origin-Resource-Policy` (both apply to subresources) and `Referrer-Policy` (a style sheet's
 * own requests follow it). HSTS is kept on the page and every API reply, which a browser sees first.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/**
 * Reads a file the build wrote, again only when it changed (one stat per call, no read): every page
 * request needs index.html and the build's JSON. Null when it is missing or does not parse.
 */
export function builtFileReader<T>(file: string, parse: (text: string) => T): () => T | null {
  let cached: { mtimeMs: number; value: T | null } | null = null;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) {
      let value: T | null = null;
      try {
        value = parse(fs.readFileSync(file, 'utf8'));
      } catch {
        value = null;
      }
      cached = { mtimeMs, value };
    }
    return cached.value;
  };
}

export const jsonFileReader = <T>(file: string) => builtFileReader(file, (text) => JSON.parse(text) as T);

/**
 * A CommonJS bundle's exports (a server entry: it needs nothing but Node's own modules), compiled in
 * this process as Node compiles a file (its wrapper: exports, require, module, file name and folder).
 */
export function compileModule<T>(text: string, file: string): T {
  const module = { exports: {} as T };
  const wrapper = vm.runInThisContext(Module.wrap(text), { filename: file }) as (
    exports: T,
    require: NodeJS.Require,
    module: { exports: T },
    filename: string,
    folder: string,
  ) => void;
  // a file of another host resolves Node's own modules from here
  const local = file.startsWith('/') ? file : __filename;
  wrapper(module.exports, createRequire(local), module, file, path.dirname(local));
  return module.exports;
}
