import { POLICY_CLOSE, serverMessageSchema, type ServerMessage } from '../../shared/ws-events.ts';
import { liveSockets, liveState } from './live-sockets.ts';

/**
 * The live socket (docs/live-updates.md): connects to /ws and sends the auth message on open.
 * Once the server has answered that message the socket hears every event meant for the user,
 * and `onLive` says so, on the page's first socket as on every later one: what the page read
 * before then may lack what happened before then.
 *
 * A dropped socket is followed by another, for as long as the page runs: after 1 s, then twice
 * as long each time up to 30 s, each wait drawn from the upper half of its range so that the
 * players of a restarted server do not all come back in the same instant. The browser coming back
 * online, the window getting focus or the page becoming visible cut the wait short; on the same
 * events a socket that looks open is asked for a pong, since a laptop back from sleep or a changed
 * network leaves sockets that look open and hear nothing. A close for policy (1008: the session ended, too many
 * sockets) is final, and so is a socket the browser refuses to make (only a warning). Parse
 * errors and unknown types are logged.
 */

const RECONNECT_FIRST_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;
/** How long a socket asked on waking may take to answer before it counts as dead. */
export const PONG_TIMEOUT_MS = 5000;

/** The wait before reconnect attempt `attempt` (0 for the first), given a draw in [0, 1). */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() / 2));
}

type SocketFactory = (url: string) => WebSocket;

export interface LiveSocketOptions {
  url: string;
  userId: number;
  onMessage: (message: ServerMessage) => void;
  /**
   * A socket is live: from `liveAt` (a Date.now() value) on, every event meant for the user
   * arrives; any sent before then was not heard. `quietForMs`: how long before then the server
   * last published anything but presence, or null when it does not know.
   */
  onLive?: (liveAt: number, quietForMs: number | null) => void;
  createSocket?: SocketFactory;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  random?: () => number;
}

/** What brings a waiting socket back at once: the window's events, and the document's. */
const WINDOW_WAKE_EVENTS = ['online', 'focus'] as const;

export class LiveSocket {
  private socket: WebSocket | null = null;
  /** True once the server has answered the current socket's auth message. */
  private live = false;
  private attempts = 0;
  private reconnectTimer: unknown = null;
  private pongTimer: unknown = null;
  private stopped = true;

  constructor(private readonly options: LiveSocketOptions) {}

  start(): void {
    this.stopped = false;
    liveSockets.add(this);
    for (const name of WINDOW_WAKE_EVENTS) window.addEventListener(name, this.wake);
    document.addEventListener('visibilitychange', this.wake);
    liveState.set('down');
    this.connect();
  }

  stop(): void {
    liveSockets.delete(this);
    this.end();
    this.socket?.close(1000, 'Signed out or left');
    this.socket = null;
  }

  /** No socket any more, and none to come. */
  private end(): void {
    this.stopped = true;
    for (const name of WINDOW_WAKE_EVENTS) window.removeEventListener(name, this.wake);
    document.removeEventListener('visibilitychange', this.wake);
    this.reconnectTimer = this.clear(this.reconnectTimer);
    this.pongTimer = this.clear(this.pongTimer);
    this.live = false;
    liveState.set('off');
  }

  private clear(timer: unknown): null {
    if (timer !== null) (this.options.clearTimer ?? ((handle) => clearTimeout(handle as number)))(timer);
    return null;
  }

  private later(fn: () => void, ms: number): unknown {
    return (this.options.setTimer ?? setTimeout)(fn, ms);
  }

  private readonly wake = (): void => {
    if (this.stopped || document.visibilityState === 'hidden') return;
    if (this.reconnectTimer !== null) {
      this.reconnectTimer = this.clear(this.reconnectTimer);
      this.connect();
    } else if (this.live && this.pongTimer === null) {
      const socket = this.socket!;
      socket.send(JSON.stringify({ type: 'ping' }));
      this.pongTimer = this.later(() => {
        this.pongTimer = null;
        if (this.socket !== socket) return;
        // Its close may take minutes to come, or never: it is left behind and a new one made now.
        socket.close();
        this.live = false;
        liveState.set('down');
        this.connect();
      }, PONG_TIMEOUT_MS);
    }
  };

  private connect(): void {
    let socket: WebSocket;
    try {
      socket = (this.options.createSocket ?? ((url) => new WebSocket(url)))(this.options.url);
    } catch (error) {
      console.warn('Live updates are unavailable: the socket could not be created', error);
      this.end();
      return;
    }
    this.socket = socket;
    this.live = false;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempts = 0;
      socket.send(JSON.stringify({ type: 'auth', userId: this.options.userId }));
    };
    socket.onmessage = (event: MessageEvent) => {
      // A socket left behind as dead is not listened to: its successor reads everything again.
      if (this.socket !== socket) return;
      this.pongTimer = this.clear(this.pongTimer);
      let data: unknown;
      try {
        data = JSON.parse(String(event.data));
      } catch (error) {
        console.error('Live update could not be read', error);
        return;
      }
      const parsed = serverMessageSchema.safeParse(data);
      if (!parsed.success) {
        console.info('Ignored an unknown live update', data);
        return;
      }
      if (parsed.data.type === 'auth_ok' && !this.live) {
        // The server answers once this socket hears every event meant for the user.
        this.live = true;
        liveState.set('live');
        this.options.onLive?.(Date.now(), parsed.data.quietForMs ?? null);
      }
      this.options.onMessage(parsed.data);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.stopped || this.socket !== socket) return;
      this.socket = null;
      this.live = false;
      this.pongTimer = this.clear(this.pongTimer);
      // Asking again would only be refused again, and the browser logs each refusal as an error.
      if (event.code === POLICY_CLOSE) {
        this.end();
        return;
      }
      liveState.set('down');
      const delay = reconnectDelayMs(this.attempts, this.options.random);
      this.attempts += 1;
      this.reconnectTimer = this.later(() => {
        this.reconnectTimer = null;
        if (!this.stopped) this.connect();
      }, delay);
    };
  }
}

export function liveSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}
