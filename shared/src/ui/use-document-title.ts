import { useEffect } from 'react';
import type { Language } from '@academy/shared/contract';
import { translate, useI18n } from '@academy/shared/i18n';

/** A page's title in the tab, `{page} — Академия`, in the language (also for the pages the server prerenders). */
export function documentTitle(page: string, language: Language): string {
  return `${page} — ${translate(language, 'appName')}`;
}

/**
 * Names the page in the browser's tab, `{page} — Академия`, in the page's language (the interface's, or
 * `language` for a page in a language of its own: /start/en). The academy's bare name comes back when the
 * page goes (the next page names itself); a page whose name is not known yet (its data loads) passes
 * null meanwhile. Only pages call it, never a frame around them: the innermost effect runs first.
 */
export function useDocumentTitle(page: string | null | undefined, language?: Language): void {
  const ui = useI18n();
  const shown = language ?? ui.language;
  useEffect(() => {
    if (!page) return;
    document.title = documentTitle(page, shown);
    return () => {
      document.title = translate(shown, 'appName');
    };
  }, [page, shown]);
}
