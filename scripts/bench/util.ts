import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(fileURLToPath(import.meta.url), '../../..');

const startedAt = Date.now();

/** One progress line, with the time since the bench started, so a slow phase shows itself. */
export function progress(message: string): void {
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(0).padStart(4);
  console.log(`[bench ${seconds}s] ${message}`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Nearest-rank percentile of an unsorted list; NaN when it is empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const round = (value: number, digits = 1) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/** Runs `work` on every item with at most `limit` of them in flight. */
export async function inBatches<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  });
  await Promise.all(lanes);
  return results;
}

/** CPU time so far, from /proc: the whole machine (busy and total) and every PostgreSQL process. */
export interface CpuSnapshot {
  machineBusy: number;
  machineTotal: number;
  postgres: number;
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

export function cpuSnapshot(): CpuSnapshot {
  const [cpuLine = ''] = readFileSync('/proc/stat', 'utf8').split('\n');
  const ticks = cpuLine.trim().split(/\s+/).slice(1).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0); // idle + iowait
  const total = ticks.reduce((sum, t) => sum + t, 0);
  let postgres = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // Own time, plus the children's the postmaster has reaped: backends that ended during the
      // measurement (pgbench's, at its end) still count.
      postgres += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // the process ended meanwhile
    }
  }
  return { machineBusy: (total - idle) / TICKS_PER_SECOND, machineTotal: total / TICKS_PER_SECOND, postgres: postgres / TICKS_PER_SECOND };
}

/** Cores in use between two snapshots: the machine as a whole and PostgreSQL's share of it. */
export function coresBetween(before: CpuSnapshot, after: CpuSnapshot, seconds: number, cpus = cpuCount()): { machine: number; postgres: number } {
  const share = (after.machineBusy - before.machineBusy) / Math.max(1e-9, after.machineTotal - before.machineTotal);
  return { machine: share * cpus, postgres: (after.postgres - before.postgres) / seconds };
}

function cpuCount(): number {
  return readFileSync('/proc/stat', 'utf8').split('\n').filter((l) => /^cpu\d+ /.test(l)).length;
}
