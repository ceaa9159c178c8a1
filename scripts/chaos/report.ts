import { listReasons, type OperationLog } from './operation-log.ts';
import type { Verdict } from './checks.ts';

/**
 * Prints what the run did (kills, jury bets, crews, the proxy, every kind of operation's outcomes
 * with their reasons) and its verdict: each violation and the seed to replay it, or that the books
 * balanced. Answers the exit code: 1 on a violation, 0 otherwise.
 */
export function report(run: {
  seed: number;
  kills: number;
  verdict: Verdict;
  proxyReport: string | null;
  placedHow: ReadonlyMap<string, number>;
  log: OperationLog;
}): number {
  const { seed, kills, verdict, proxyReport, placedHow, log } = run;
  console.log(`chaos: ${kills} kills`);
  console.log(`chaos: ${verdict.juryReport}`);
  for (const line of verdict.crewReport) console.log(`chaos: ${line}`);
  if (proxyReport) console.log(`chaos: ${proxyReport}`);
  console.log('chaos: operations ok / failed / unknown:');
  const how = (key: string) => placedHow.get(key) ?? 0;
  console.log(`  stakes sent alone / in batches / alone again after a failed batch: ${how('alone')} / ${how('batched')} / ${how('again_alone')}`);
  for (const [kind, c] of Object.entries(log.counts)) {
    const refused = listReasons(c.refusedFor);
    const unknown = listReasons(c.unknownFor);
    console.log(
      `  ${kind.padEnd(8)} ${c.ok} / ${c.failed} / ${c.unknown}${refused ? `  (refused: ${refused})` : ''}${unknown ? `  (unknown: ${unknown})` : ''}`,
    );
  }
  if (verdict.problems.length > 0) {
    for (const problem of verdict.problems) console.log(`VIOLATION ${problem}`);
    console.log(`chaos: FAILED with seed ${seed}`);
    return 1;
  }
  console.log(
    `chaos: ok — ledger balanced to the cent (players and every crew season), every acknowledged stake present, no refused one (seed ${seed})`,
  );
  return 0;
}
