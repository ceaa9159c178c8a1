import type { CallResult } from './operation-log.ts';
import type { Player } from './players.ts';

export type Call = (player: Player, method: string, url: string, body?: unknown) => Promise<CallResult>;

/**
 * A client's call, to the address `target` names at that moment: acknowledged (2xx), refused
 * (4xx), or unknown (a 5xx, or no answer within 5 s). `random` spaces the calls after no answer.
 */
export function caller(target: () => string, random: () => number): Call {
  return async (player, method, url, body) => {
    try {
      const res = await fetch(`${target()}${url}`, {
        method,
        headers: { cookie: player.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(5000),
      });
      const json = await res.json().catch(() => undefined);
      if (res.status >= 200 && res.status < 300) return { outcome: 'ok', json };
      // A 5xx during a crash says nothing about whether the work committed.
      if (res.status >= 500) return { outcome: 'unknown', json, unknownWhy: String(res.status) };
      return { outcome: 'failed', json };
    } catch {
      // The instance is down or restarting: give it a moment rather than spinning.
      await new Promise((r) => setTimeout(r, 100 + random() * 200));
      return { outcome: 'unknown', unknownWhy: 'no answer' };
    }
  };
}

/** A call of the setup, before the nemesis starts: it must succeed. */
export async function mustCall(call: Call, player: Player, method: string, url: string, body?: unknown): Promise<unknown> {
  const result = await call(player, method, url, body);
  if (result.outcome !== 'ok') throw new Error(`chaos setup: ${method} ${url} was ${result.outcome}: ${JSON.stringify(result.json)}`);
  return result.json;
}
