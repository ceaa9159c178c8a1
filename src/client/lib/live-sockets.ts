/**
 * The live sockets this page runs. Signing out stops them from here, so that the sign-in code,
 * which every visitor loads first, does not carry the socket and its message schemas along.
 */
export const liveSockets = new Set<{ stop(): void }>();

/** Stops every live socket of this page: signing out ends the session they would reconnect with. */
export function stopLiveSockets(): void {
  for (const socket of [...liveSockets]) socket.stop();
}
