import { POLICY_CLOSE, serverMessageSchema, type ServerMessage } from '../../shared/ws-events.ts';
import { liveSockets } from './live-sockets.ts';

/**
 * The live socket (spec §4 'Socket', DESIGN §9): connects to /ws, sends the auth message on
 * open, reconnects after 1 s, 2 s, 4 s ... for at most 5 attempts (the count resets on open),
 * and only warns when a socket cannot be created. A close for policy (1008: the session ended,
 * too many sockets) is final. Parse errors and unknown types are logged.
 * Being live again after a drop is reported, so that what was missed meanwhile can be read again.
 */

export const MAX_RECONNECT_ATTEMPTS = 5;
export const reconnectDelayMs = (attempt: number) => 1000 * 2 ** attempt;

type SocketFactory = (url: string) => WebSocket;

export interface LiveSocketOptions {
  url: string;
  userId: number;
  onMessage: (message: ServerMessage) => void;
  onStatus?: (status: 'open' | 'closed') => void;
  /**
   * Live again after a drop (the server answered the auth message of a new socket): events sent
   * meanwhile were lost, and from now on none is.
   */
  onReconnected?: () => void;
  createSocket?: SocketFactory;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export class LiveSocket {
  private socket: WebSocket | null = null;
  private attempts = 0;
  private timer: unknown = null;
  private stopped = false;
  private everLive = false;

  constructor(private readonly options: LiveSocketOptions) {}

  start(): void {
    this.stopped = false;
    liveSockets.add(this);
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    liveSockets.delete(this);
    if (this.timer !== null) (this.options.clearTimer ?? clearTimeout)(this.timer as number);
    this.timer = null;
    this.socket?.close(1000, 'Signed out or left');
    this.socket = null;
  }

  private connect(): void {
    let socket: WebSocket;
    try {
      socket = (this.options.createSocket ?? ((url) => new WebSocket(url)))(this.options.url);
    } catch (error) {
      console.warn('Live updates are unavailable: the socket could not be created', error);
      return;
    }
    this.socket = socket;
    let live = false;
    socket.onopen = () => {
      this.attempts = 0;
      socket.send(JSON.stringify({ type: 'auth', userId: this.options.userId }));
      this.options.onStatus?.('open');
    };
    socket.onmessage = (event: MessageEvent) => {
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
      if (parsed.data.type === 'auth_ok' && !live) {
        // The server answers once this socket hears every event meant for the user.
        live = true;
        if (this.everLive) this.options.onReconnected?.();
        this.everLive = true;
      }
      this.options.onMessage(parsed.data);
    };
    socket.onclose = (event: CloseEvent) => {
      this.options.onStatus?.('closed');
      if (this.stopped || this.socket !== socket) return;
      // Asking again would only be refused again, and the browser logs each refusal as an error.
      if (event.code === POLICY_CLOSE) return;
      if (this.attempts >= MAX_RECONNECT_ATTEMPTS) return;
      const delay = reconnectDelayMs(this.attempts);
      this.attempts += 1;
      this.timer = (this.options.setTimer ?? setTimeout)(() => {
        this.timer = null;
        if (!this.stopped) this.connect();
      }, delay);
    };
  }
}

export function liveSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}
