import { t } from '../../lib/i18n.ts';

/** The id of each frame's <main>: where the skip link leads, and where focus goes when nothing better is left. */
export const MAIN_CONTENT_ID = 'main-content';

export function focusMainContent(): void {
  document.getElementById(MAIN_CONTENT_ID)?.focus();
}

/**
 * The first tab stop of both frames: past the sidebar or the top bar, straight to the screen.
 * It moves the focus itself rather than following its #fragment, which would add a history
 * entry (and, in the narrow frame, be read as a change of view).
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        focusMainContent();
      }}
      className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:start-2 dark:bg-slate-900 dark:text-brand-100"
    >
      {t('ui.skipLink.text')}
    </a>
  );
}
