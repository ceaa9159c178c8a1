/**
 * Puts the focus on what an action leaves in front of the player (a confirmation, the next
 * request, a list's heading), so that a keyboard or screen reader user carries on from there
 * instead of from the top of the page. The element may only be drawn, or enabled again, after a
 * refetch: it is tried again every frame or so, for up to three seconds, and left alone if it never
 * takes the focus.
 */
export function focusWhenShown(find: string | (() => HTMLElement | null | undefined), tries = 180): void {
  const element = typeof find === 'string' ? document.getElementById(find) : find();
  element?.focus();
  if (element && document.activeElement === element) return;
  if (tries > 0) setTimeout(() => focusWhenShown(find, tries - 1), 16);
}
