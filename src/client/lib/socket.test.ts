import { afterEach, describe, expect, it, vi } from 'vitest';
import { POLICY_CLOSE } from '../../shared/ws-events.ts';
import { liveState, stopLiveSockets } from './live-sockets.ts';
import { LiveSocket, PONG_TIMEOUT_MS, RECONNECT_MAX_MS, liveSocketUrl, reconnectDelayMs } from './socket.ts';

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

interface Timer {
  fn: () => void;
  ms: number;
  cleared: boolean;
}

/** A socket under test: its timers are kept to be fired by hand, and the jitter draw is fixed. */
function setUp({ random = () => 1 }: { random?: () => number } = {}) {
  FakeSocket.made = [];
  const timers: Timer[] = [];
  const onMessage = vi.fn();
  const onLive = vi.fn();
  const live = new LiveSocket({
    url: 'ws://localhost/ws',
    userId: 7,
    onMessage,
    onLive,
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    setTimer: (fn, ms) => {
      const timer = { fn, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      (timer as Timer).cleared = true;
    },
    random,
  });
  return { live, timers, onMessage, onLive };
}

const last = () => FakeSocket.made.at(-1)!;
const authOk = (socket: FakeSocket, quietForMs?: number | null) =>
  socket.onmessage!({ data: JSON.stringify({ type: 'auth_ok', userId: 7, ...(quietForMs === undefined ? {} : { quietForMs }) }) });
/** Opens `socket` and has the server answer its auth message: from then on it hears everything. */
const goLive = (socket: FakeSocket) => {
  socket.onopen!();
  authOk(socket);
};
const reconnectTimers = (timers: Timer[]) => timers.filter((t) => t.ms !== PONG_TIMEOUT_MS);
const setVisibility = (state: DocumentVisibilityState) => Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });

afterEach(() => {
  stopLiveSockets();
  setVisibility('visible');
  vi.restoreAllMocks();
});

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

  it('never gives up: it tries again after 1 s, doubling up to 30 s, for as long as the server stays away', () => {
    const { live, timers } = setUp();
    live.start();
    for (let i = 0; i < 40; i += 1) {
      last().onclose!({ code: 1006 });
      timers.at(-1)!.fn();
    }
    expect(timers.slice(0, 7).map((t) => t.ms)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(Math.max(...timers.map((t) => t.ms))).toBe(RECONNECT_MAX_MS);
    expect(FakeSocket.made).toHaveLength(41);
  });

  it('spreads each wait over the upper half of its range, so that the players of a restarted server do not all return at once', () => {
    const { live, timers } = setUp({ random: () => 0 });
    live.start();
    for (let i = 0; i < 7; i += 1) {
      last().onclose!({ code: 1006 });
      timers.at(-1)!.fn();
    }
    expect(timers.map((t) => t.ms)).toEqual([500, 1000, 2000, 4000, 8000, 15000, 15000]);
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const draws = [0, 0.25, 0.5, 0.999].map((r) => reconnectDelayMs(attempt, () => r));
      const ceiling = Math.min(RECONNECT_MAX_MS, 1000 * 2 ** attempt);
      expect(new Set(draws).size).toBe(draws.length);
      for (const ms of draws) expect(ms >= ceiling / 2 && ms <= ceiling).toBe(true);
    }
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

  it.each([
    ['the browser is back online', () => window.dispatchEvent(new Event('online'))],
    ['the window gets focus', () => window.dispatchEvent(new Event('focus'))],
    ['the page becomes visible again', () => document.dispatchEvent(new Event('visibilitychange'))],
  ])('tries again at once when %s, instead of waiting out the back-off', (_, wake) => {
    const { live, timers } = setUp();
    live.start();
    for (let i = 0; i < 6; i += 1) {
      last().onclose!({ code: 1006 });
      timers.at(-1)!.fn();
    }
    last().onclose!({ code: 1006 });
    const waiting = timers.at(-1)!;
    expect(waiting.ms).toBe(30000);
    wake();
    expect(FakeSocket.made).toHaveLength(8);
    expect(waiting.cleared).toBe(true);
    // While that socket is still opening, another wake-up does not open a second one.
    wake();
    expect(FakeSocket.made).toHaveLength(8);
  });

  it('does not try while the page is hidden, nor after it was stopped', () => {
    const { live, timers } = setUp();
    live.start();
    last().onclose!({ code: 1006 });
    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(FakeSocket.made).toHaveLength(1);
    expect(timers[0]!.cleared).toBe(false);
    setVisibility('visible');
    live.stop();
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('focus'));
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('on waking, asks a socket that looks open for a pong, and replaces it when none comes', () => {
    const { live, timers } = setUp();
    live.start();
    goLive(FakeSocket.made[0]!);
    window.dispatchEvent(new Event('focus'));
    expect(FakeSocket.made[0]!.sent.at(-1)).toBe(JSON.stringify({ type: 'ping' }));
    const deadline = timers.at(-1)!;
    expect(deadline.ms).toBe(PONG_TIMEOUT_MS);
    FakeSocket.made[0]!.onmessage!({ data: JSON.stringify({ type: 'pong' }) });
    expect(deadline.cleared).toBe(true);
    expect(FakeSocket.made).toHaveLength(1);

    // A laptop back from sleep: the socket still looks open, but nothing answers any more.
    window.dispatchEvent(new Event('online'));
    timers.at(-1)!.fn();
    expect(FakeSocket.made[0]!.closed).toBe(true);
    expect(FakeSocket.made).toHaveLength(2);
    expect(liveState.get().state).toBe('down');
    // The dead socket's own close, whenever it comes, changes nothing.
    FakeSocket.made[0]!.onclose!({ code: 1006 });
    expect(reconnectTimers(timers)).toHaveLength(0);
    expect(FakeSocket.made).toHaveLength(2);
  });

  it("says each time it is live, the first socket of the page too, with the moment it became so and the server's quiet time", () => {
    const { live, timers, onLive } = setUp();
    vi.spyOn(Date, 'now').mockReturnValue(1_000);
    live.start();
    FakeSocket.made[0]!.onclose!({ code: 1006 });
    timers[0]!.fn();
    FakeSocket.made[1]!.onopen!();
    expect(onLive).not.toHaveBeenCalled(); // open, but not hearing everything yet
    vi.spyOn(Date, 'now').mockReturnValue(2_000);
    authOk(FakeSocket.made[1]!, 60_000);
    authOk(FakeSocket.made[1]!, 61_000); // a second answer on the same socket is nothing new
    expect(onLive.mock.calls).toEqual([[2_000, 60_000]]);

    FakeSocket.made[1]!.onclose!({ code: 1006 });
    timers[1]!.fn();
    vi.spyOn(Date, 'now').mockReturnValue(9_000);
    goLive(FakeSocket.made[2]!);
    // A server that does not say: not known.
    expect(onLive.mock.calls).toEqual([
      [2_000, 60_000],
      [9_000, null],
    ]);
  });

  it('tells the page whether it is live, down or off', () => {
    const { live } = setUp();
    expect(liveState.get().state).toBe('off');
    live.start();
    expect(liveState.get().state).toBe('down');
    goLive(FakeSocket.made[0]!);
    expect(liveState.get().state).toBe('live');
    FakeSocket.made[0]!.onclose!({ code: 1006 });
    expect(liveState.get().state).toBe('down');
    live.stop();
    expect(liveState.get().state).toBe('off');
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
    // Nothing is trying: no notice should say it is.
    expect(liveState.get().state).toBe('off');
    broken.stop();
  });

  it('does not ask again when the server closed for policy: the session ended, or too many sockets', () => {
    const { live, timers } = setUp();
    live.start();
    FakeSocket.made[0]!.onclose!({ code: POLICY_CLOSE });
    expect(timers).toHaveLength(0);
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.made).toHaveLength(1);
    expect(liveState.get().state).toBe('off');
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
