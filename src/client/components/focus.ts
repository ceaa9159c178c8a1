/** The retry of the latest focusWhenShown still looking for its element, if any. */
let pending: ReturnType<typeof setTimeout> | undefined;

/**
 * Puts the focus on what an action leaves in front of the player (a confirmation, the next
 * request, a list's heading), so that a keyboard or screen reader user carries on from there
 * instead of from the top of the page. The element may only be drawn, or enabled again, after a
 * refetch: it is tried again every frame or so, for up to three seconds, and left alone if it never
 * takes the focus. Only the latest call looks: a newer action's target replaces an older one's.
 */
export function focusWhenShown(find: string | (() => HTMLElement | null | undefined), tries = 180): void {
  stopFocusWhenShown();
  const attempt = (left: number) => {
    pending = undefined;
    const element = typeof find === 'string' ? document.getElementById(find) : find();
    element?.focus();
    if (element && document.activeElement === element) return;
    if (left > 0) pending = setTimeout(() => attempt(left - 1), 16);
  };
  attempt(tries);
}

/** Stops the latest focusWhenShown from looking any further (a test's end, say). */
export function stopFocusWhenShown(): void {
  if (pending !== undefined) clearTimeout(pending);
  pending = undefined;
}
