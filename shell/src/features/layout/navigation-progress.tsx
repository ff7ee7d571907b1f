import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useT } from '../../i18n';

/** A navigation shorter than this shows nothing; a longer one, the bar. */
const SHOW_AFTER_MS = 300;
/** A bar never stays longer (an address changed outside the router would otherwise keep it). */
const HIDE_AFTER_MS = 15_000;

const here = () => `${window.location.pathname}${window.location.search}`;

/**
 * A thin bar at the top while a navigation takes longer than ~300 ms (issue 32): the router keeps the
 * old page on screen while the new one's code loads (a transition), so the address changes first and the
 * page it shows later. The bar shows while the browser's address is ahead of the page's.
 */
export function NavigationProgress() {
  const t = useT();
  const { pathname, search } = useLocation();
  const path = `${pathname}${search}`;
  const shown = useRef(path);
  // the page's address when a slow navigation began: the bar shows until the page is another one
  const [slowFrom, setSlowFrom] = useState<string | null>(null);
  useEffect(() => {
    shown.current = path;
  }, [path]);
  useEffect(() => {
    let show: ReturnType<typeof setTimeout> | undefined;
    let hide: ReturnType<typeof setTimeout> | undefined;
    const started = () => {
      clearTimeout(show);
      clearTimeout(hide);
      show = setTimeout(() => {
        if (here() === shown.current) return;
        setSlowFrom(shown.current);
        hide = setTimeout(() => setSlowFrom(null), HIDE_AFTER_MS);
      }, SHOW_AFTER_MS);
    };
    const { pushState, replaceState } = window.history;
    window.history.pushState = function (...args: Parameters<History['pushState']>) {
      pushState.apply(this, args);
      started();
    };
    window.history.replaceState = function (...args: Parameters<History['replaceState']>) {
      replaceState.apply(this, args);
      started();
    };
    window.addEventListener('popstate', started);
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
      window.history.pushState = pushState;
      window.history.replaceState = replaceState;
      window.removeEventListener('popstate', started);
    };
  }, []);
  if (slowFrom === null || slowFrom !== path) return null;
  return <div className="navigation-progress" role="progressbar" aria-label={t('loading')} />;
}
