/**
 * Light, dark or the system's choice, applied to the whole app by the `dark` class on <html>.
 * Remembered in localStorage for the first paint; the user's preferences on the server decide.
 */
export type Theme = 'light' | 'dark' | 'system';
export const THEME_STORAGE_KEY = 'betbro_theme';

export function storedTheme(): Theme {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

export function applyTheme(theme: Theme): void {
  const dark = theme === 'dark' || (theme === 'system' && window.matchMedia?.('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', Boolean(dark));
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Only the first-paint memory is lost.
  }
}
