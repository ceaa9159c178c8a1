/** Every operation's outcome as a client saw it: acknowledged, refused, or no telling (a 5xx, no answer). */
export type Outcome = 'ok' | 'failed' | 'unknown';

export interface CallResult {
  outcome: Outcome;
  json?: unknown;
  /** For an unknown outcome: the 5xx status, or that no answer came. */
  unknownWhy?: string;
}

export interface StakeOp {
  userId: number;
  betId: number;
  amount: string;
  outcome: Outcome;
  /** A stake on a crew bet by one of the crew's outsiders: it must be refused. */
  outsider: boolean;
}

/** A join or a removal, to check at the end that each acknowledged one that raced nothing holds. */
export interface MembershipOp {
  crewId: number;
  userId: number;
  kind: 'join' | 'remove';
  outcome: Outcome;
  start: number;
  end: number;
}

export type OperationCounts = Record<Outcome, number> & { refusedFor: Record<string, number>; unknownFor: Record<string, number> };

/** The `code` of an error answer (docs/product.md §11.2): why it was refused. */
export const errorCode = (json: unknown): string | undefined => {
  const code = (json as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
};

/** "reason 12, other 3", the most frequent first. */
export function listReasons(reasons: Record<string, number>): string {
  return Object.entries(reasons)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${reason} ${n}`)
    .join(', ');
}

/** What the clients did and were told, which the checks at the end hold the database to. */
export class OperationLog {
  /** By kind of operation, its outcomes, with the reasons of the refused and unknown ones. */
  readonly counts: Record<string, OperationCounts> = {};
  readonly stakeOps: StakeOp[] = [];
  readonly membershipOps: MembershipOp[] = [];
  /** Violations seen while the workload runs: what an outsider was shown. */
  readonly seenProblems: string[] = [];

  count(kind: string, { outcome, json, unknownWhy }: CallResult): void {
    const counts = (this.counts[kind] ??= { ok: 0, failed: 0, unknown: 0, refusedFor: {}, unknownFor: {} });
    counts[outcome] += 1;
    if (outcome === 'failed') {
      // A closed bet, the balance, a double stake...
      const reason = errorCode(json) ?? 'no code';
      counts.refusedFor[reason] = (counts.refusedFor[reason] ?? 0) + 1;
    }
    if (outcome === 'unknown' && unknownWhy) counts.unknownFor[unknownWhy] = (counts.unknownFor[unknownWhy] ?? 0) + 1;
  }
}
