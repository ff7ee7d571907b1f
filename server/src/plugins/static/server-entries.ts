import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { RemoteName, RemotesMap, ServerEntry, ShellServerEntry } from '@academy/shared/contract';
import { builtFileReader, compileModule } from './files';

/** A server entry as loaded: its exports, the CSS its pages need, and a number that changes with each load. */
export interface LoadedEntry<T extends ServerEntry = ServerEntry> {
  entry: T;
  css: string;
  id: number;
}

let loads = 0;
/** How long an entry fetched from another host is used before it is asked for again (with its ETag). */
const REVALIDATE_MS = 10_000;
/** An entry larger than this is not loaded (a bundle of React and an area's pages is ~2 MB). */
const MAX_ENTRY_BYTES = 16 * 1024 * 1024;

/** An entry in a folder of this machine: read again whenever its file changes (a deploy replaced it). */
function folderEntry<T extends ServerEntry>(folder: string): () => LoadedEntry<T> | null {
  const file = path.join(folder, 'entry.cjs');
  const code = builtFileReader(file, (text) => ({ entry: compileModule<T>(text, file), id: ++loads }));
  const css = builtFileReader(path.join(folder, 'entry.css'), (text) => text.trim());
  return () => {
    const loaded = code();
    return loaded && { ...loaded, css: css() ?? '' };
  };
}

/**
 * An entry on another host (a remote deployed to a CDN): fetched, then used while it is fresh and
 * revalidated in the background (If-None-Match). Null until the first fetch has answered.
 */
function hostedEntry<T extends ServerEntry>(base: URL, log: FastifyBaseLogger): () => LoadedEntry<T> | null {
  let current: (LoadedEntry<T> & { etags: [string, string] }) | null = null;
  let checked = 0;
  let running = false;
  async function fetchText(name: string, etag: string | undefined) {
    const response = await fetch(new URL(name, base), {
      headers: etag ? { 'if-none-match': etag } : {},
      signal: AbortSignal.timeout(5_000),
    });
    if (response.status === 304) return null;
    if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
    const text = await response.text();
    if (text.length > MAX_ENTRY_BYTES) throw new Error(`${name}: larger than ${MAX_ENTRY_BYTES} bytes`);
    return { text, etag: response.headers.get('etag') ?? '' };
  }
  async function refresh() {
    running = true;
    try {
      const [code, css] = await Promise.all([
        fetchText('entry.cjs', current?.etags[0]),
        fetchText('entry.css', current?.etags[1]),
      ]);
      if (code || css || !current) {
        const file = new URL('entry.cjs', base).href;
        current = {
          entry: code ? compileModule<T>(code.text, file) : current!.entry,
          css: css ? css.text.trim() : (current?.css ?? ''),
          id: ++loads,
          etags: [code?.etag ?? current?.etags[0] ?? '', css?.etag ?? current?.etags[1] ?? ''],
        };
      }
    } catch (error) {
      log.warn({ err: error, base: base.href }, 'a server entry could not be loaded: its pages are sent as skeletons');
    } finally {
      checked = Date.now();
      running = false;
    }
  }
  return () => {
    if (!running && Date.now() - checked > REVALIDATE_MS) void refresh();
    return current;
  };
}

/**
 * Where each app's server entry is (docs/architecture.md, "Server rendering"): the shell's beside its
 * build, a remote's beside its `remoteEntry.js` as the remotes map says it is deployed (`server/` of
 * that folder): on this server (`/remotes/<name>/…`, from the static root) or on another host.
 */
export function createServerEntries(root: string, remotes: RemotesMap | undefined, log: FastifyBaseLogger) {
  const shell = folderEntry<ShellServerEntry>(path.join(root, 'shell', 'dist', 'server'));
  const readers = new Map<RemoteName, () => LoadedEntry | null>();
  function readerOf(name: RemoteName): () => LoadedEntry | null {
    const entry = remotes?.[name]?.entry ?? `/remotes/${name}/remoteEntry.js`;
    const local = new RegExp(`^/remotes/${name}/((?:[\\w.-]+/)*)[\\w.-]+$`).exec(entry.split('?')[0]!);
    if (local) return folderEntry(path.join(root, `remote-${name}`, 'dist', local[1] ?? '', 'server'));
    if (/^https?:\/\//.test(entry)) return hostedEntry(new URL('server/', entry), log);
    return () => null;
  }
  return {
    shell,
    remote(name: RemoteName): LoadedEntry | null {
      let reader = readers.get(name);
      if (!reader) readers.set(name, (reader = readerOf(name)));
      return reader();
    },
  };
}

export type ServerEntries = ReturnType<typeof createServerEntries>;
