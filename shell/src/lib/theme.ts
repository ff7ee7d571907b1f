/**
 * The theme a student chose in this browser (issue 32): light, dark, or the system's. Kept in localStorage
 * (`academy.theme`, read by the boot script before the first paint, which sets `data-theme` on <html>); a
 * new choice is announced with the `academy-theme` event, on which the boot script sets it at once.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
const KEY = 'academy.theme';

export function readThemeChoice(): ThemeChoice {
  try {
    const kept = localStorage.getItem(KEY);
    return kept === 'light' || kept === 'dark' ? kept : 'system';
  } catch {
    return 'system';
  }
}

export function chooseTheme(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, choice);
  } catch {
    // storage refused (a private window's policy): a theme chosen lasts for this page only; the system's
    // is what the boot script finds without storage, so the announcement below sets it
    if (choice !== 'system') {
      document.documentElement.setAttribute('data-theme', choice);
      return;
    }
  }
  window.dispatchEvent(new Event('academy-theme'));
}
