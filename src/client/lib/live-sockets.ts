/**
 * The live sockets this page runs. Signing out stops them from here, so that the sign-in code,
 * which every visitor loads first, does not carry the socket and its message schemas along.
 */
export const liveSockets = new Set<{ stop(): void }>();

/** Stops every live socket of this page: signing out ends the session they would reconnect with. */
export function stopLiveSockets(): void {
  for (const socket of [...liveSockets]) socket.stop();
}

/**
 * Whether this page hears the server's live events: 'live'; 'down' while its socket is trying to
 * get there; 'off' while no socket runs or tries (signed out, or refused for good).
 */
export type LiveState = 'live' | 'down' | 'off';

/** The live state and when it began: a new object at each change, so a new drop is a new one. */
export interface LiveSnapshot {
  state: LiveState;
  since: number;
}

let current: LiveSnapshot = { state: 'off', since: Date.now() };
const watchers = new Set<() => void>();

/** The live state, for the connection notice to read (useSyncExternalStore's shape). */
export const liveState = {
  get: (): LiveSnapshot => current,
  set(state: LiveState): void {
    if (state === current.state) return;
    current = { state, since: Date.now() };
    for (const watcher of [...watchers]) watcher();
  },
  watch(watcher: () => void): () => void {
    watchers.add(watcher);
    return () => watchers.delete(watcher);
  },
};
