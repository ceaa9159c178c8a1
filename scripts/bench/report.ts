import type { CardsRun } from './cards.ts';
import type { ClientRun } from './client.ts';
import type { FanoutRun } from './fanout.ts';
import type { FeedRun } from './feed.ts';
import type { InstancesRun } from './instances.ts';
import type { PayoutRun } from './payouts.ts';
import type { PgbenchResult, WalCounters } from './postgres.ts';
import type { ScaleResult } from './scale.ts';
import type { StakeRun } from './stakes.ts';
import type { Spread, StartupRun } from './startup.ts';
import { round } from './util.ts';

/** Everything one bench run measured; what is written to bench-results.json. */
export interface BenchResults {
  stakes?: StakeRun | { error: string };
  pgbench?: PgbenchResult | { error: string };
  payouts?: PayoutRun | { error: string };
  feed?: FeedRun | { error: string };
  fanout?: FanoutRun | { error: string };
  pglite?: StakeRun | { error: string };
  client?: ClientRun | { error: string };
  instances?: InstancesRun | { error: string } | { skipped: string };
  scale?: ScaleResult | { error: string };
  startup?: StartupRun | { error: string };
  cards?: CardsRun | { error: string };
}

/** What each part must reach, stated once: the targets table and the docs quote these. */
export const TARGETS = {
  stakesVsPgbench: 0.7,
  stakeP99Ms: 50,
  feedVsTrivial: 0.45,
  fanoutP99Ms: 100,
  initialJsKb: 150,
  lighthousePerformance: 95,
  lighthouseAccessibility: 100,
  scaleMedianMs: 10,
  scaleGrowth: 1.5,
  firstStartMs: 2_000,
  restartMs: 1_000,
  idleRssEmbeddedMb: 200,
  idleRssPostgresMb: 120,
  socketsRssMb: 300,
  cardRenderMs: 100,
  cardPngKb: 300,
} as const;

export interface Target {
  name: string;
  target: string;
  measured: string;
  met: boolean | null; // null: not measured in this run
}

type Row = [string, string];

const ok = <T extends object>(value: T | { error: string } | { skipped: string } | undefined): T | undefined =>
  value && !('error' in value) && !('skipped' in value) ? (value as T) : undefined;
const failure = (value: object | undefined): string | undefined =>
  value && 'error' in value ? `FAILED: ${String(value.error)}` : value && 'skipped' in value ? `skipped: ${String(value.skipped)}` : undefined;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${round(value)} ms`;

export function targetsOf(results: BenchResults): Target[] {
  const targets: Target[] = [];
  const stakes = ok<StakeRun>(results.stakes);
  const pgbench = ok<PgbenchResult>(results.pgbench);
  if (stakes && pgbench) {
    const ratio = stakes.run.okPerSecond / pgbench.tps;
    targets.push({ name: 'stake throughput vs pgbench TPC-B', target: `>= ${TARGETS.stakesVsPgbench}x`, measured: `${round(ratio, 3)}x`, met: ratio >= TARGETS.stakesVsPgbench });
  } else if (results.stakes || results.pgbench) {
    targets.push({ name: 'stake throughput vs pgbench TPC-B', target: `>= ${TARGETS.stakesVsPgbench}x`, measured: 'not measured', met: null });
  }
  if (stakes) {
    targets.push({
      name: 'stake p99 latency (64 connections)',
      target: `< ${TARGETS.stakeP99Ms} ms`,
      measured: ms(stakes.run.latencyMs.p99),
      met: stakes.run.latencyMs.p99 < TARGETS.stakeP99Ms,
    });
  }
  const feed = ok<FeedRun>(results.feed);
  if (feed) {
    targets.push({ name: 'feed reads vs trivial authenticated route', target: `>= ${TARGETS.feedVsTrivial}x`, measured: `${round(feed.ratio, 3)}x`, met: feed.ratio >= TARGETS.feedVsTrivial });
  }
  const fanout = ok<FanoutRun>(results.fanout);
  if (fanout) {
    const p99 = fanout.lastDeliveryFromResponseMs.p99;
    const complete = fanout.deliveries === fanout.expectedDeliveries && fanout.strangerDeliveries === 0;
    targets.push({
      name: `fan-out p99 with ${fanout.sockets} sockets (response -> last delivery)`,
      target: `5,000 sockets, < ${TARGETS.fanoutP99Ms} ms`,
      measured: `${ms(p99)}${complete ? '' : ' (deliveries incomplete or misdirected)'}`,
      met: fanout.sockets >= 5_000 && p99 < TARGETS.fanoutP99Ms && complete,
    });
  }
  const client = ok<ClientRun>(results.client);
  if (client) {
    targets.push({
      name: 'initial JS, gzipped',
      target: `<= ${TARGETS.initialJsKb} KB`,
      measured: kb(client.bundle.initialJsGzipBytes),
      met: client.bundle.initialJsGzipBytes <= TARGETS.initialJsKb * 1024,
    });
    if ('pages' in client.lighthouse) {
      for (const page of client.lighthouse.pages) {
        targets.push({
          name: `Lighthouse mobile performance, ${page.page}`,
          target: `>= ${TARGETS.lighthousePerformance}`,
          measured: String(page.scores.performance),
          met: page.scores.performance >= TARGETS.lighthousePerformance,
        });
        targets.push({
          name: `Lighthouse mobile accessibility, ${page.page}`,
          target: `>= ${TARGETS.lighthouseAccessibility}`,
          measured: String(page.scores.accessibility),
          met: page.scores.accessibility >= TARGETS.lighthouseAccessibility,
        });
      }
    } else {
      targets.push({ name: 'Lighthouse mobile performance and accessibility', target: 'see above', measured: `not measured: ${client.lighthouse.error}`, met: null });
    }
  }
  const scale = ok<ScaleResult>(results.scale);
  if (scale && scale.growth.length > 0) {
    // Every route, then the crews' own (docs/product.md §6.7) on their own lines.
    const crewRoutes = scale.growth.filter((g) => isCrewRoute(g.route));
    for (const [which, growth] of [['', scale.growth], ['crew ', crewRoutes]] as const) {
      if (growth.length === 0) continue;
      const slowest = growth.reduce((a, b) => (b.largeMs > a.largeMs ? b : a));
      const steepest = growth.reduce((a, b) => (b.ratio > a.ratio ? b : a));
      targets.push({
        name: `scale: slowest ${which}route median at the large size (${slowest.route})`,
        target: `< ${TARGETS.scaleMedianMs} ms`,
        measured: ms(slowest.largeMs),
        met: slowest.largeMs < TARGETS.scaleMedianMs,
      });
      targets.push({
        name: `scale: steepest ${which}route growth, large / small median (${steepest.route})`,
        target: `<= ${TARGETS.scaleGrowth}x`,
        measured: `${steepest.ratio}x`,
        met: steepest.ratio <= TARGETS.scaleGrowth,
      });
    }
  }
  const startup = ok<StartupRun>(results.startup);
  if (startup) {
    const add = (name: string, target: number, unit: string, measured: number) =>
      targets.push({ name, target: `< ${target.toLocaleString('en')} ${unit}`, measured: `${Math.round(measured)} ${unit}`, met: measured < target });
    add('start-up on an empty DATA_DIR to /readyz (median)', TARGETS.firstStartMs, 'ms', startup.firstStartMs.median);
    add('restart to /readyz (median)', TARGETS.restartMs, 'ms', startup.restartMs.median);
    add('idle resident size, embedded PGlite (median)', TARGETS.idleRssEmbeddedMb, 'MB', startup.idleRssEmbeddedMb.median);
    add('idle resident size, DATABASE_URL (median)', TARGETS.idleRssPostgresMb, 'MB', startup.idleRssPostgresMb.median);
    add(`resident size with ${startup.sockets} sockets, embedded PGlite`, TARGETS.socketsRssMb, 'MB', startup.socketsRssMb);
  }
  const cards = ok<CardsRun>(results.cards);
  if (cards) {
    targets.push({ name: 'link card drawn (median)', target: `< ${TARGETS.cardRenderMs} ms`, measured: ms(cards.renderMs.median), met: cards.renderMs.median < TARGETS.cardRenderMs });
    targets.push({ name: 'largest link card', target: `<= ${TARGETS.cardPngKb} KB`, measured: `${round(cards.largestPngKb)} KB`, met: cards.largestPngKb <= TARGETS.cardPngKb });
    for (const [name, mb] of [
      ['idle resident size, embedded PGlite, before any card', cards.idleRssMb],
      ['resident size, embedded PGlite, the renderer running', cards.rssWithRendererMb],
      ['idle resident size, embedded PGlite, after a card', cards.idleRssAfterCardMb],
      ['idle resident size, embedded PGlite, untouched, as old as the one after a card', cards.untouchedIdleRssLaterMb],
    ] as const) {
      targets.push({ name, target: `<= ${TARGETS.idleRssEmbeddedMb} MB`, measured: `${Math.round(mb)} MB`, met: mb <= TARGETS.idleRssEmbeddedMb });
    }
  }
  return targets;
}

/** A crew's route (docs/product.md §6.7): under /api/crews, or a crew's bets. */
export const isCrewRoute = (route: string) => route.startsWith('/api/crews') || route.includes('crewId=');

const spreadOf = (s: Spread, unit: string) => `${Math.round(s.median)} ${unit} (min ${Math.round(s.min)}, max ${Math.round(s.max)})`;

function cpuLine(s: StakeRun): string {
  const per = (cores: number) => `${round((cores / Math.max(1e-9, s.run.okPerSecond)) * 1000, 2)} ms`;
  return (
    `server ${round(s.serverCpuCores, 2)}, PostgreSQL ${round(s.postgresCpuCores, 2)}, bench ${round(s.benchCpuCores, 2)}, ` +
    `anything else ${round(s.otherCpuCores, 2)}; per stake: server ${per(s.serverCpuCores)}, PostgreSQL ${per(s.postgresCpuCores)}`
  );
}

/** The crew stakes among a stake run's (docs/product.md §6.7); older results have none. */
function crewRow(s: StakeRun): Row[] {
  const c = s.crewStakes;
  if (!c) return [];
  return [
    [
      '  of which crew stakes (members, season balances)',
      `${round(c.share * 100, 1)}% of the ${c.placed} placed in the run (${c.crewPlaced}; ${round(c.intended * 100)}% sent), ${c.crews} crews, ${c.crewBets} crew bets`,
    ],
  ];
}

function loadRow(label: string, rate: number, unit: string, latency: { p50: number; p99: number }, non2xx: number): Row {
  return [label, `${round(rate)} ${unit}, p50 ${ms(latency.p50)}, p99 ${ms(latency.p99)}${non2xx ? `, non-2xx ${non2xx}` : ', no non-2xx'}`];
}

function walLine(wal: WalCounters, operations: number): string {
  const per = (n: number) => round(n / Math.max(1, operations), 1);
  return `${per(wal.bytes)} bytes in ${per(wal.records)} records, ${per(wal.fullPageImages)} full-page images`;
}

export function rowsOf(results: BenchResults): Row[] {
  const rows: Row[] = [];
  const add = (label: string, value: object | undefined, describe: () => Row[]) => {
    const failed = failure(value);
    if (failed) rows.push([label, failed]);
    else if (value) rows.push(...describe());
  };
  add('stakes (PostgreSQL)', results.stakes, () => {
    const s = results.stakes as StakeRun;
    return [
      loadRow(`stakes, PostgreSQL, ${s.run.connections} conn, ${round(s.run.durationSeconds)} s`, s.run.okPerSecond, 'stakes/s', s.run.latencyMs, s.run.non2xx),
      ...crewRow(s),
      ['  server side (handler time, from /metrics)', `mean ${ms(s.serverSide.meanMs)}, p99 <= ${s.serverSide.p99AtMostMs} ms`],
      ['  CPU cores in use (of the machine\'s)', cpuLine(s)],
      ...(s.postgresActivity ? [['  WAL written per stake', walLine(s.postgresActivity.wal, s.run.ok)] as Row] : []),
      ['  ledger audit after the run', s.ledger.ok ? 'ledger ok' : `${s.ledger.violations.length} VIOLATION(S)`],
    ];
  });
  add('pgbench', results.pgbench, () => {
    const p = results.pgbench as PgbenchResult;
    const s = ok<StakeRun>(results.stakes);
    return [
      [`pgbench TPC-B-like, scale ${p.scale}, ${p.clients} clients, ${p.durationSeconds} s`, `${round(p.tps)} tps, latency avg ${p.latencyAverageMs} ms`],
      [
        '  CPU cores in use (of the machine\'s)',
        `PostgreSQL ${round(p.postgresCpuCores, 2)}, whole machine ${round(p.machineCpuCores, 2)}; PostgreSQL per transaction ${round((p.postgresCpuCores / p.tps) * 1000, 2)} ms`,
      ],
      ['  WAL written per transaction', walLine(p.wal, p.transactions)],
      ...(s ? [['ratio stake tps / pgbench tps', `${round(s.run.okPerSecond / p.tps, 3)}x`] as Row] : []),
    ];
  });
  add('payouts', results.payouts, () => {
    const p = results.payouts as PayoutRun;
    return [
      [`settling a bet of ${p.stakesPerBet} stakes (${p.payoutsPerBet} paid), through the API`, `${spreadOf(p.settleMs, 'ms')} over ${p.bets} bets`],
      ['  ledger audit after the run', p.ledgerOk ? 'ledger ok' : 'VIOLATIONS'],
    ];
  });
  add('feed', results.feed, () => {
    const f = results.feed as FeedRun;
    return [
      loadRow(`GET /api/users/preferences (trivial), ${f.trivial.connections} conn`, f.trivial.okPerSecond, 'req/s', f.trivial.latencyMs, f.trivial.non2xx),
      loadRow(`GET /api/bets/friends, ${f.users} users, ${f.bets} bets, ${f.friendsPerUser} friends`, f.feed.okPerSecond, 'req/s', f.feed.latencyMs, f.feed.non2xx),
      ['  ratio feed / trivial', `${round(f.ratio, 3)}x; feed handler mean ${ms(f.serverSide.feed.meanMs)}`],
      [
        '  CPU cores in use: trivial run / feed run',
        `server ${round(f.cpuCores.trivial.server, 2)} / ${round(f.cpuCores.feed.server, 2)}, PostgreSQL ${round(f.cpuCores.trivial.postgres, 2)} / ${round(f.cpuCores.feed.postgres, 2)}; ` +
          `PostgreSQL per feed request ${round((f.cpuCores.feed.postgres / Math.max(1e-9, f.feed.okPerSecond)) * 1000, 1)} ms`,
      ],
      ['  bets found presented (bet cache)', `${round(f.betCache.hitRate * 100, 1)} % of ${f.betCache.hits + f.betCache.misses} lookups`],
    ];
  });
  add('fanout', results.fanout, () => {
    const f = results.fanout as FanoutRun;
    return [
      [`fan-out, ${f.sockets} sockets (${f.audience} may see the bet), ${f.stakes} stakes`, `response -> last delivery p50 ${ms(f.lastDeliveryFromResponseMs.p50)}, p99 ${ms(f.lastDeliveryFromResponseMs.p99)}`],
      ['  request sent -> last delivery', `p50 ${ms(f.lastDeliveryFromRequestMs.p50)}, p99 ${ms(f.lastDeliveryFromRequestMs.p99)}`],
      ['  deliveries', `${f.deliveries}/${f.expectedDeliveries} to the audience, ${f.strangerDeliveries} to strangers`],
      ['  server memory per socket', `${f.memoryPerSocketKb} KB (RSS ${Math.round(f.rssBeforeKb / 1024)} -> ${Math.round(f.rssAfterKb / 1024)} MB)`],
    ];
  });
  add('pglite', results.pglite, () => {
    const p = results.pglite as StakeRun;
    const s = ok<StakeRun>(results.stakes);
    return [
      loadRow(`stakes, embedded PGlite, ${p.run.connections} conn, ${round(p.run.durationSeconds)} s`, p.run.okPerSecond, 'stakes/s', p.run.latencyMs, p.run.non2xx),
      ...crewRow(p),
      ['  CPU cores in use (of the machine\'s)', cpuLine(p)],
      ...(s ? [['  PGlite / PostgreSQL stakes', `${round(p.run.okPerSecond / s.run.okPerSecond, 2)}x`] as Row] : []),
      ['  ledger audit after the run', p.ledger.ok ? 'ledger ok' : `${p.ledger.violations.length} VIOLATION(S)`],
    ];
  });
  add('client', results.client, () => {
    const c = results.client as ClientRun;
    const list: Row[] = [
      ['initial JS / CSS, gzipped', `${kb(c.bundle.initialJsGzipBytes)} / ${kb(c.bundle.initialCssGzipBytes)} (all JS ${kb(c.bundle.allJsGzipBytes)})`],
    ];
    if (Array.isArray(c.initialJsByPart)) {
      list.push(['  largest parts of the initial JS', c.initialJsByPart.slice(0, 4).map((p) => `${p.part} ${kb(p.gzipBytes)}`).join(', ')]);
    }
    if ('pages' in c.lighthouse) {
      for (const page of c.lighthouse.pages) {
        const s = page.scores;
        list.push([
          `Lighthouse mobile, ${page.page}`,
          `perf ${s.performance}, a11y ${s.accessibility}, best practices ${s['best-practices']}, SEO ${s.seo}; host benchmark index ${page.benchmarkIndex}`,
        ]);
      }
    } else list.push(['Lighthouse', `not run: ${c.lighthouse.error}`]);
    return list;
  });
  add('instances', results.instances, () => {
    const i = results.instances as InstancesRun;
    return [
      loadRow(`stakes, 2 instances + Redis, ${i.stakes.run.connections} conn`, i.stakes.run.okPerSecond, 'stakes/s', i.stakes.run.latencyMs, i.stakes.run.non2xx),
      ...crewRow(i.stakes),
      ['  CPU cores in use (of the machine\'s)', cpuLine(i.stakes)],
      ['  ledger audit after the run', i.stakes.ledger.ok ? 'ledger ok' : `${i.stakes.ledger.violations.length} VIOLATION(S)`],
      [`  fan-out across Redis, ${i.crossFanout.sockets} sockets`, `response -> last delivery p50 ${ms(i.crossFanout.lastDeliveryFromResponseMs.p50)}, p99 ${ms(i.crossFanout.lastDeliveryFromResponseMs.p99)}, ${i.crossFanout.deliveries}/${i.crossFanout.expectedDeliveries} delivered`],
    ];
  });
  add('scale', results.scale, () => {
    const sc = results.scale as ScaleResult;
    const list: Row[] = sc.runs.flatMap((run): Row[] => [
      [`scale data, ${run.size.name}`, `${run.size.players} players, ${run.size.bets} bets, ${run.size.stakes} stakes, made in ${run.generateSeconds} s`],
      [
        '  and the crews',
        `${run.crewData.crews} crews, ${run.crewData.members} members, ${run.crewData.seasons} seasons (${run.crewData.pastSeasons} past), ` +
          `${run.crewData.bets} crew bets, ${run.crewData.stakes} crew stakes, ${run.crewData.messages} messages; books balanced`,
      ],
      [`  the viewer's rank (#${run.rank.rank}) in PostgreSQL`, `plain count ${run.rank.plainMs} ms, from the profit bands ${run.rank.bandsMs} ms (medians of 200)`],
    ]);
    list.push([`GET route, ${sc.requestsPerRoute} sequential requests`, sc.growth.length > 0 ? 'median small -> large (growth); p99 small -> large' : 'median; p99']);
    const caller = (as: string) => (as === 'player' ? '' : ` [${as}]`);
    for (const g of sc.growth) {
      list.push([`  ${g.route}${caller(g.as)}`, `${g.smallMs} -> ${g.largeMs} ms (${g.ratio}x); p99 ${g.smallP99Ms} -> ${g.largeP99Ms} ms`]);
    }
    // One size only: its own medians, with nothing to compare them with.
    const [only] = sc.runs;
    if (sc.growth.length === 0 && only) {
      for (const r of only.routes) list.push([`  ${r.route}${caller(r.as)}`, `${only.size.name}: ${r.medianMs} ms; p99 ${r.p99Ms} ms`]);
    }
    return list;
  });
  add('startup', results.startup, () => {
    const u = results.startup as StartupRun;
    return [
      [`start-up, empty DATA_DIR, to /readyz (${u.runs} runs)`, `${spreadOf(u.firstStartMs, 'ms')}; server CPU ${spreadOf(u.firstStartCpuMs, 'ms')}`],
      ['restart on that DATA_DIR, to /readyz', `${spreadOf(u.restartMs, 'ms')}; server CPU ${spreadOf(u.restartCpuMs, 'ms')}`],
      ['idle resident size, embedded PGlite', spreadOf(u.idleRssEmbeddedMb, 'MB')],
      ['idle resident size, DATABASE_URL', spreadOf(u.idleRssPostgresMb, 'MB')],
      [`resident size, ${u.sockets} signed-in sockets, embedded`, `${Math.round(u.socketsRssMb)} MB${u.failedSockets ? ` (${u.failedSockets} failed to connect)` : ''}`],
    ];
  });
  add('cards', results.cards, () => {
    const c = results.cards as CardsRun;
    return [
      [`link cards drawn in process (${c.renders})`, `${spreadOf(c.renderMs, 'ms')}; the first, loading the renderer, ${ms(c.firstRenderMs)}; largest ${round(c.largestPngKb)} KB`],
      ['first card over HTTP from a fresh server', ms(c.firstCardOverHttpMs)],
      ['server resident size, embedded: idle / renderer running / idle again', `${Math.round(c.idleRssMb)} MB / ${Math.round(c.rssWithRendererMb)} MB / ${Math.round(c.idleRssAfterCardMb)} MB`],
      ['untouched server of the same age: idle / idle again', `${Math.round(c.untouchedIdleRssMb)} MB / ${Math.round(c.untouchedIdleRssLaterMb)} MB`],
    ];
  });
  return rows;
}

export function formatTable(rows: Row[], targets: Target[]): string {
  const width = Math.max(...rows.map((r) => r[0].length), 20);
  const lines = ['', 'Betbro bench results', '='.repeat(width + 50)];
  for (const [label, value] of rows) lines.push(`${label.padEnd(width)}  ${value}`);
  if (targets.length > 0) {
    const targetWidth = Math.max(...targets.map((t) => t.name.length));
    lines.push('', 'Targets', '-'.repeat(targetWidth + 50));
    for (const t of targets) {
      const verdict = t.met === null ? 'NOT MEASURED' : t.met ? 'met' : 'NOT MET';
      lines.push(`${t.name.padEnd(targetWidth)}  ${t.target.padEnd(24)} ${t.measured.padEnd(18)} ${verdict}`);
    }
  }
  return lines.join('\n');
}
