import type { CardsRun } from './cards.ts';
import type { ClientRun } from './client.ts';
import type { FanoutRun } from './fanout.ts';
import type { RoutedFanoutRun } from './fanout-routed.ts';
import type { FeedRun } from './feed.ts';
import type { InstancesRun } from './instances.ts';
import type { PayoutRun } from './payouts.ts';
import type { PgbenchResult } from './postgres.ts';
import type { ScaleResult } from './scale.ts';
import type { StakeRun } from './stakes.ts';
import type { StartupRun } from './startup.ts';
import { round } from './util.ts';

/** Everything one bench run measured; what is written to bench-results.json. */
export interface BenchResults {
  stakes?: StakeRun | { error: string };
  pgbench?: PgbenchResult | { error: string };
  payouts?: PayoutRun | { error: string };
  feed?: FeedRun | { error: string };
  fanout?: FanoutRun | { error: string };
  fanoutRouted?: RoutedFanoutRun | { error: string };
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
  routedSockets: 20_000,
  socketKb: 10,
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

export type Row = [string, string];

export const ok = <T extends object>(value: T | { error: string } | { skipped: string } | undefined): T | undefined =>
  value && !('error' in value) && !('skipped' in value) ? (value as T) : undefined;
export const failure = (value: object | undefined): string | undefined =>
  value && 'error' in value ? `FAILED: ${String(value.error)}` : value && 'skipped' in value ? `skipped: ${String(value.skipped)}` : undefined;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value: number) => `${round(value)} ms`;

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
  const routed = ok<RoutedFanoutRun>(results.fanoutRouted);
  if (routed) {
    const p99 = routed.lastDeliveryFromResponseMs.p99;
    const complete = routed.deliveries === routed.expectedDeliveries && routed.strangerDeliveries === 0;
    const heaviest = Math.max(...routed.perInstance.map((i) => i.memoryPerSocketKb));
    const ownOnly = routed.perInstance.every((i) => i.deliveriesReceived === i.stakesOnItsBet && i.deliveriesForNobodyHere === 0);
    targets.push(
      {
        name: `fan-out over ${routed.instances} instances, p99 (response -> last delivery)`,
        target: `${TARGETS.routedSockets.toLocaleString('en')} sockets, < ${TARGETS.fanoutP99Ms} ms`,
        measured: `${routed.sockets} sockets, ${ms(p99)}${complete ? '' : ' (deliveries incomplete or misdirected)'}`,
        met: routed.sockets >= TARGETS.routedSockets && p99 < TARGETS.fanoutP99Ms && complete,
      },
      { name: 'server memory per socket (settled), heaviest instance', target: `<= ${TARGETS.socketKb} KB`, measured: `${heaviest} KB`, met: heaviest <= TARGETS.socketKb },
      {
        name: "each instance brought only its own sockets' deliveries",
        target: 'received = stakes on its bet',
        measured: routed.perInstance.map((i) => `${i.deliveriesReceived}/${i.stakesOnItsBet}`).join(', '),
        met: ownOnly,
      },
    );
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

