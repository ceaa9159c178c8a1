import { performance } from 'node:perf_hooks';
import type WebSocket from 'ws';
import { connect } from './live-socket.ts';

/**
 * One client process of the routed fan-out bench (fanout-routed.ts): it holds its share of the
 * sockets, since a process may hold only so many descriptors, and tells the bench when each of its
 * sockets allowed to see a bet heard a stake on it. Times are the machine's clock in ms
 * (performance.timeOrigin + now), so they compare across processes.
 */

export interface ClientSocket {
  url: string;
  origin: string;
  userId: number;
  cookie: string;
  /** The bet this socket's user may see, or null for a stranger to every bet of the run. */
  betId: number | null;
}

export type ToClient =
  | { type: 'open'; sockets: ClientSocket[]; batch: number }
  /** Send what was heard of this stake now, however much it is. */
  | { type: 'flush'; key: string }
  /** Collect this process's garbage (the opening's), so that no collection of ours falls among the timed stakes. */
  | { type: 'gc' }
  | { type: 'report' };

export type FromClient =
  | { type: 'opened'; open: number; failed: number }
  | { type: 'collected' }
  /** A stake's deliveries to this process's sockets: each arrival time; complete unless flushed. */
  | { type: 'heard'; key: string; times: number[] }
  | { type: 'report'; strangerDeliveries: number };

/** A stake's key: its bet and how many had staked on it, as the bet_updated message says. */
export const stakeKey = (betId: number, participants: number) => `${betId}:${participants}`;

const now = () => performance.timeOrigin + performance.now();
const send = (message: FromClient) => process.send!(message);

if (process.send) {
  const open: WebSocket[] = [];
  const allowedPerBet = new Map<number, number>();
  const heard = new Map<string, number[]>();
  const sent = new Set<string>();
  let strangerDeliveries = 0;

  const onMessage = (betId: number | null, data: string) => {
    const at = now();
    if (!data.includes('"bet_updated"')) return;
    const bet = /"betId":(\d+)/.exec(data);
    const participants = /"participants":(\d+)/.exec(data);
    if (!bet || !participants) return;
    if (Number(bet[1]) !== betId) {
      strangerDeliveries += 1;
      return;
    }
    const key = stakeKey(betId, Number(participants[1]));
    const times = heard.get(key) ?? [];
    times.push(at);
    heard.set(key, times);
    if (times.length === allowedPerBet.get(betId) && !sent.has(key)) {
      sent.add(key);
      send({ type: 'heard', key, times });
    }
  };

  process.on('message', (message: ToClient) => {
    void (async () => {
      if (message.type === 'open') {
        let failed = 0;
        for (const socket of message.sockets) {
          if (socket.betId !== null) allowedPerBet.set(socket.betId, (allowedPerBet.get(socket.betId) ?? 0) + 1);
        }
        for (let start = 0; start < message.sockets.length; start += message.batch) {
          const batch = message.sockets.slice(start, start + message.batch);
          const opened = await Promise.all(
            batch.map((s) => connect(s.url, { id: s.userId, cookie: s.cookie }, s.origin, (data) => onMessage(s.betId, data))),
          );
          for (const socket of opened) {
            if (socket) open.push(socket);
            else failed += 1;
          }
        }
        send({ type: 'opened', open: open.length, failed });
      } else if (message.type === 'gc') {
        globalThis.gc?.();
        send({ type: 'collected' });
      } else if (message.type === 'flush') {
        if (!sent.has(message.key)) {
          sent.add(message.key);
          send({ type: 'heard', key: message.key, times: heard.get(message.key) ?? [] });
        }
      } else {
        send({ type: 'report', strangerDeliveries });
        for (const socket of open) socket.terminate();
        setTimeout(() => process.exit(0), 200);
      }
    })();
  });
}
