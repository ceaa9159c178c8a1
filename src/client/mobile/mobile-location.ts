import { SCREENS, SCREEN_NAMES } from '../app/screens.ts';
import { VIEW_NAMES, type MobileView, type ViewName } from '../lib/view-names.ts';

/**
 * Where the mobile shell stands, read from the browser's history entry and address: plain data,
 * no React, so that the first script can tell which view a reload will show (router.tsx starts
 * the dashboard's reads only for the dashboard) without taking the shell's code with it.
 */

export { VIEW_NAMES, type MobileView, type ViewName };

export interface HistoryEntry {
  view: MobileView;
  previous: MobileView | null;
}

export const STATE_KEY = 'betbroMobile';

const isViewName = (value: unknown): value is ViewName => (VIEW_NAMES as readonly unknown[]).includes(value);

function readView(value: unknown): MobileView | null {
  if (typeof value !== 'object' || value === null) return null;
  const { name, id, tab } = value as { name?: unknown; id?: unknown; tab?: unknown };
  if (!isViewName(name)) return null;
  const view: MobileView = typeof id === 'number' && Number.isInteger(id) ? { name, id } : { name };
  return typeof tab === 'string' && /^[a-z-]{1,20}$/.test(tab) ? { ...view, tab } : view;
}

export function readEntry(state: unknown): HistoryEntry | null {
  if (typeof state !== 'object' || state === null) return null;
  const entry = (state as Record<string, unknown>)[STATE_KEY];
  if (typeof entry !== 'object' || entry === null) return null;
  const view = readView((entry as { view?: unknown }).view);
  return view ? { view, previous: readView((entry as { previous?: unknown }).previous) } : null;
}

export const sameView = (a: MobileView, b: MobileView) => a.name === b.name && (a.id ?? null) === (b.id ?? null) && (a.tab ?? null) === (b.tab ?? null);

/** The view of each plain desktop address, from the screen catalogue. */
const pathViews = (): Record<string, ViewName> =>
  Object.fromEntries(SCREEN_NAMES.flatMap((name) => (SCREENS[name].path?.includes(':') === false ? [[SCREENS[name].path, name]] : [])));

/** The views of one thing by id (`/bets/:id`, `/crews/:id/:tab?`), with the address each stands for. */
const idViews = (): [RegExp, ViewName][] =>
  SCREEN_NAMES.flatMap((name): [RegExp, ViewName][] => {
    const path = SCREENS[name].path;
    if (path?.endsWith('/:id/:tab?')) return [[new RegExp(`^${path.slice(0, -'/:id/:tab?'.length)}/(\\d+)(?:/([a-z-]+))?/?$`), name]];
    return path?.endsWith('/:id') ? [[new RegExp(`^${path.slice(0, -'/:id'.length)}/(\\d+)/?$`), name]] : [];
  });

/** The view a desktop address stands for, so links into the app open the same screen on a phone. */
export function viewFromLocation(pathname: string, search: string): MobileView {
  for (const [pattern, name] of idViews()) {
    const match = pattern.exec(pathname);
    if (match) return match[2] ? { name, id: Number(match[1]), tab: match[2] } : { name, id: Number(match[1]) };
  }
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const name = pathViews()[path] ?? 'dashboard';
  const conversation = Number(new URLSearchParams(search).get('c'));
  if (name === 'messages' && Number.isInteger(conversation) && conversation > 0) return { name: 'conversation', id: conversation };
  return { name };
}

/** The view this page shows when the shell starts: its history entry's, else its address's. */
export function viewHere(): MobileView {
  return readEntry(window.history.state)?.view ?? viewFromLocation(window.location.pathname, window.location.search);
}
