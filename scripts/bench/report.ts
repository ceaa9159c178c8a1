import type { CardsRun } from './cards.ts';
import type { ClientRun } from './client.ts';
import type { FanoutRun } from './fanout.ts';
import type { RoutedFanoutRun } from './fanout-routed.ts';
import type { FeedRun } from './feed.ts';
import type { InstancesRun } from './instances.ts';
import type { PayoutRun } from './payouts.ts';
import type { PgbenchResult, WalCounters } from './postgres.ts';
import type { ScaleResult } from './scale.ts';
import type { StakeRun } from './stakes.ts';
import type { Spread, StartupRun } from './startup.ts';
import { round } from './util.ts';
import { failure, kb, ms, ok, type BenchResults, type Row, type Target } from './targets.ts';

export { targetsOf, type BenchResults } from './targets.ts';

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

/** Where the handler's time went, per stake; older results have none. */
function stakeTimeRows(s: StakeRun): Row[] {
  const t = s.stakeTimes;
  if (!t) return [];
  const times = (r: { meanMs: number; p50AtMostMs: number; p99AtMostMs: number }) =>
    `mean ${ms(r.meanMs)}, p50 <= ${r.p50AtMostMs} ms, p99 <= ${r.p99AtMostMs} ms`;
  return [
    ['    of which waiting for a batch', times(t.waited)],
    ['    and its batch in the database (call, commit)', times(t.database)],
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
      ...stakeTimeRows(s),
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
  add('fanoutRouted', results.fanoutRouted, () => {
    const f = results.fanoutRouted as RoutedFanoutRun;
    return [
      [
        `fan-out, ${f.sockets} sockets on ${f.instances} instances + Redis (${f.clientProcesses} client processes), ${f.stakes} stakes`,
        `response -> last delivery p50 ${ms(f.lastDeliveryFromResponseMs.p50)}, p99 ${ms(f.lastDeliveryFromResponseMs.p99)}`,
      ],
      ['  deliveries', `${f.deliveries}/${f.expectedDeliveries} to the audiences (${f.audiencePerBet} per bet), ${f.strangerDeliveries} to strangers`],
      ...f.perInstance.map((i): Row => [
        `  ${i.name}, ${i.sockets} sockets`,
        `${i.memoryPerSocketKb} KB per socket settled, ${i.memoryPerSocketAtOpenKb} KB as they opened (RSS ${Math.round(i.rssBeforeKb / 1024)} -> ${Math.round(i.rssAtOpenKb / 1024)} -> ${Math.round(i.rssSettledKb / 1024)} MB); ` +
          `brought ${i.deliveriesReceived} deliveries (${i.deliveriesForNobodyHere} for nobody here) for ${i.stakesOnItsBet} stakes on its bet`,
      ]),
      ['  ledger audit after the run', f.ledgerOk ? 'ledger ok' : 'VIOLATIONS'],
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
