import type { RemoteName, RemotesMap } from '@academy/shared/contract';
import { scriptSafeJson } from './boot-script';
import type { Language } from './page';

/** What tooling/webpack.cjs writes per build (preload.json): the files of each chunk group it names. */
export interface PreloadManifest {
  groups: Record<string, string[]>;
  /** the shared modules the build provides, by share key, with the files each needs */
  provided?: Record<string, string[]>;
  /** the shared modules a remote's exposed module (or a route's page group) consumes, by share key, with the remote's own copy's files */
  fallbacks?: Record<string, Record<string, string[]>>;
  /** a remote's addresses (relative to its area) whose page is a chunk group of its own, by the group's name */
  routes?: Record<string, string>;
}

/**
 * The chunk group a remote names for an address of its area (`courses/:courseId` matches `courses/4`;
 * a `:name` segment matches any one segment), or undefined.
 */
export function routeChunkOf(routes: Record<string, string>, areaPath: string): string | undefined {
  const segments = areaPath.split('/').filter(Boolean);
  for (const [pattern, chunk] of Object.entries(routes)) {
    const parts = pattern.split('/').filter(Boolean);
    if (parts.length === segments.length && parts.every((part, i) => part.startsWith(':') || part === segments[i])) return chunk;
  }
  return undefined;
}

/** The preload hints of a page, from the builds' manifests (`preloads`) and where the remotes are. */
export function createPreloadHints(
  preloads: Record<RemoteName | 'shell', () => PreloadManifest | null>,
  remotes: RemotesMap | undefined,
) {
  /**
   * Preload hints for the code the path runs first: the shell's entry at once (html-webpack-plugin puts
   * it at the end of <body>), its boot chunks and the area's remote with the shared modules it consumes
   * after the first paint (a JSON list that the page's inline script turns into `<link rel=preload>`).
   * A page whose app starts at the first interaction gets no entry link: its inline script adds the
   * entry and these hints when it starts the app.
   */
  function preloadHints(
    view: string | null,
    remote: RemoteName | null,
    lazyBoot: boolean,
    language: Language,
    pathname: string,
  ): string[] {
    // a page whose app starts at the first interaction asks for these then (its boot adds the entry)
    const hrefs: string[] = [];
    const shellManifest = preloads.shell();
    const shell = shellManifest?.groups;
    if (shell) hrefs.push(...(shell.bootstrap ?? []).map((file) => `/${file}`));
    if (shell && view === 'login') hrefs.push(...(shell.login ?? []).map((file) => `/${file}`));
    // a language other than Russian: its texts are chunks of their own (`i18n-en-common`, `i18n-en-shell`,
    // one per remote), which the page asks for before it renders
    const texts = `i18n-${language}-`;
    if (shell && language !== 'ru') {
      // (a build that bundles the areas, bench/federation-cost.mjs, has the page's area's too: that one only)
      for (const part of ['common', 'shell', ...(remote ? [remote] : [])])
        hrefs.push(...(shell[`${texts}${part}`] ?? []).map((file) => `/${file}`));
    }
    const entry = remote && remotes?.[remote]?.entry;
    // a build that bundles the area itself (the single-bundle build of bench/federation-cost.mjs) names
    // its group `area-<remote>`: that group, and no remote entry
    const bundled = remote ? shell?.[`area-${remote}`] : undefined;
    if (bundled) hrefs.push(...bundled.map((file) => `/${file}`));
    else if (remote && entry) {
      hrefs.push(entry);
      // the chunks of a remote served here are known; one hosted elsewhere preloads its entry only
      if (entry === `/remotes/${remote}/remoteEntry.js`) {
        const own = preloads[remote]();
        hrefs.push(...(own?.groups['./App'] ?? []).map((file) => `/remotes/${remote}/${file}`));
        // the page of the address, when the remote's build makes it a chunk of its own (a course, a task)
        // (its address within the area: `/user/courses/4` → `courses/4`)
        const areaPrefix = view?.startsWith('area:') ? `/${view.slice('area:'.length)}/` : '/';
        const areaPath = pathname.startsWith(areaPrefix) ? pathname.slice(areaPrefix.length) : '';
        const page = own?.routes && routeChunkOf(own.routes, areaPath);
        if (page) hrefs.push(...(own?.groups[page] ?? []).map((file) => `/remotes/${remote}/${file}`));
        if (language !== 'ru')
          hrefs.push(...(own?.groups[`${texts}${remote}`] ?? []).map((file) => `/remotes/${remote}/${file}`));
        // the shared modules the area and the page consume: the shell's copy where the shell provides
        // one (the page loads that one), else the remote's own; nothing when the shell's build does not
        // say what it provides
        const provided = shellManifest?.provided;
        if (provided) {
          for (const group of ['./App', ...(page ? [page] : [])]) {
            for (const [key, copy] of Object.entries(own?.fallbacks?.[group] ?? {})) {
              if (Object.hasOwn(provided, key)) hrefs.push(...(provided[key] ?? []).map((file) => `/${file}`));
              else hrefs.push(...copy.map((file) => `/remotes/${remote}/${file}`));
            }
          }
        }
      }
    }
    return [
      ...(lazyBoot ? [] : ['<link rel="preload" as="script" href="/main.js" />']),
      `<script type="application/json" id="academy-preload">${scriptSafeJson([...new Set(hrefs)])}</script>`,
    ];
  }

  return preloadHints;
}
