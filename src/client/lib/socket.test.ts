import { afterEach, describe, expect, it, vi } from 'vitest';
import { POLICY_CLOSE } from '../../shared/ws-events.ts';
import { stopLiveSockets } from './live-sockets.ts';
import { LiveSocket, liveSocketUrl } from './socket.ts';

class FakeSocket {
  static made: FakeSocket[] = [];
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
}

function setUp(onMessage = vi.fn(), onReconnected = vi.fn()) {
  FakeSocket.made = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const live = new LiveSocket({
    url: 'ws://localhost/ws',
    userId: 7,
    onMessage,
    onReconnected,
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => {},
  });
  return { live, timers, onMessage, onReconnected };
}

afterEach(() => vi.restoreAllMocks());

describe('LiveSocket', () => {
  it('sends the auth message on open and passes typed messages on', () => {
    const { live, onMessage } = setUp();
    live.start();
    const socket = FakeSocket.made[0]!;
    socket.onopen!();
    expect(socket.sent).toEqual([JSON.stringify({ type: 'auth', userId: 7 })]);
    socket.onmessage!({ data: JSON.stringify({ type: 'presence', userId: 3, isOnline: true }) });
    expect(onMessage).toHaveBeenCalledWith({ type: 'presence', userId: 3, isOnline: true });
  });

  it('logs unreadable and unknown messages instead of passing them on', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { live, onMessage } = setUp();
    live.start();
    FakeSocket.made[0]!.onmessage!({ data: '{' });
    FakeSocket.made[0]!.onmessage!({ data: JSON.stringify({ type: 'mystery' }) });
    expect(onMessage).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledTimes(1);
  });

  it('reconnects after 1, 2, 4, 8, 16 seconds, then gives up', () => {
    const { live, timers } = setUp();
    live.start();
    for (let i = 0; i < 5; i += 1) {
      FakeSocket.made.at(-1)!.onclose!({ code: 1006 });
      timers.at(-1)!.fn();
    }
    FakeSocket.made.at(-1)!.onclose!({ code: 1006 });
    expect(timers.map((t) => t.ms)).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(FakeSocket.made).toHaveLength(6);
  });

  it('starts counting again after a successful open', () => {
    const { live, timers } = setUp();
    live.start();
    FakeSocket.made[0]!.onclose!({ code: 1006 });
    timers[0]!.fn();
    FakeSocket.made[1]!.onclose!({ code: 1006 });
    timers[1]!.fn();
    FakeSocket.made[2]!.onopen!();
    FakeSocket.made[2]!.onclose!({ code: 1006 });
    expect(timers.map((t) => t.ms)).toEqual([1000, 2000, 1000]);
  });

  it('reports being live again after a drop, once the server has answered the new socket', () => {
    const { live, timers, onReconnected } = setUp();
    const authOk = (socket: FakeSocket) => socket.onmessage!({ data: JSON.stringify({ type: 'auth_ok', userId: 7 }) });
    live.start();
    FakeSocket.made[0]!.onopen!();
    authOk(FakeSocket.made[0]!);
    FakeSocket.made[0]!.onclose!({ code: 1006 });
    timers[0]!.fn();
    FakeSocket.made[1]!.onopen!();
    expect(onReconnected).not.toHaveBeenCalled(); // open, but not hearing everything yet
    authOk(FakeSocket.made[1]!);
    authOk(FakeSocket.made[1]!); // a second answer on the same socket is not a reconnect
    expect(onReconnected).toHaveBeenCalledTimes(1);
  });

  it('does not report the first socket to go live, even after attempts that never opened', () => {
    const { live, timers, onReconnected } = setUp();
    live.start();
    FakeSocket.made[0]!.onclose!({ code: 1006 });
    timers[0]!.fn();
    FakeSocket.made[1]!.onopen!();
    FakeSocket.made[1]!.onmessage!({ data: JSON.stringify({ type: 'auth_ok', userId: 7 }) });
    expect(onReconnected).not.toHaveBeenCalled();
  });

  it('does not reconnect once stopped, and only warns when no socket can be made', () => {
    const { live, timers } = setUp();
    live.start();
    live.stop();
    expect(FakeSocket.made[0]!.closed).toBe(true);
    FakeSocket.made[0]!.onclose!({ code: 1006 });
    expect(timers).toHaveLength(0);

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken = new LiveSocket({
      url: 'ws://x/ws',
      userId: 1,
      onMessage: () => {},
      createSocket: () => {
        throw new Error('blocked');
      },
    });
    expect(() => broken.start()).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('does not ask again when the server closed for policy: the session ended, or too many sockets', () => {
    const { live, timers } = setUp();
    live.start();
    FakeSocket.made[0]!.onclose!({ code: POLICY_CLOSE });
    expect(timers).toHaveLength(0);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('stops every running socket at sign-out, so none reconnects with the ended session', () => {
    const { live, timers } = setUp();
    live.start();
    stopLiveSockets();
    expect(FakeSocket.made[0]!.closed).toBe(true);
    FakeSocket.made[0]!.onclose!({ code: 1006 });
    expect(timers).toHaveLength(0);
  });

  it('builds the socket URL from the page location', () => {
    expect(liveSocketUrl({ protocol: 'https:', host: 'betbro.example' })).toBe('wss://betbro.example/ws');
    expect(liveSocketUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws');
  });
});
