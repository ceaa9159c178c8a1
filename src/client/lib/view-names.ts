/**
 * The names of the signed-in screens, the keys of the catalogue (app/screens.ts). In the narrow
 * frame (docs/product.md §13.3) views switch inside the page without a URL change; each switch is
 * a browser history entry whose state names the view, so Back returns to the previous view and a
 * reload stays on the current one.
 */
export const VIEW_NAMES = [
  'dashboard',
  'bets',
  'bet',
  'friends',
  'profile-view',
  'leaderboard',
  'profile',
  'my-bets',
  'activity',
  'messages',
  'conversation',
  'crews',
  'crew',
  'events',
  'statistics',
  'insights',
  'settings',
  'profile-edit',
  'password-change',
  'notifications',
  'privacy',
  'admin',
  'user-management',
  'reports',
] as const;
export type ViewName = (typeof VIEW_NAMES)[number];

/** A view, with the id of what it shows for the views of one thing (a bet, a friend, a chat, a crew). */
export interface MobileView {
  name: ViewName;
  id?: number;
  /** The part of the screen shown, for screens with tabs that have addresses (a crew's `standings`). */
  tab?: string;
}
