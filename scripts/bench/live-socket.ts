import WebSocket from 'ws';

/** What a bench socket needs of its user: who they are and their session cookie. */
export interface SocketUser {
  id: number;
  cookie: string;
}

/**
 * A socket on /ws as the app opens one, resolved once the server answers the auth message (from
 * then on it hears every event meant for the user), or null when it could not connect.
 */
export function connect(url: string, user: SocketUser, origin: string, onMessage: (data: string) => void): Promise<WebSocket | null> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers: { cookie: user.cookie, origin }, perMessageDeflate: false });
    const timer = setTimeout(() => {
      socket.terminate();
      resolve(null);
    }, 30_000);
    // Connected once the server answers the auth message: from then on the socket hears every
    // event meant for the user (the server has read who they may hear about).
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', userId: user.id })));
    let live = false;
    const onAnswer = (raw: Buffer) => {
      if (live || !raw.toString().includes('"auth_ok"')) return;
      live = true;
      clearTimeout(timer);
      resolve(socket);
    };
    socket.on('message', onAnswer);
    socket.once('unexpected-response', () => {
      clearTimeout(timer);
      socket.terminate();
      resolve(null);
    });
    socket.on('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
    socket.on('message', (raw: Buffer) => onMessage(raw.toString()));
  });
}

