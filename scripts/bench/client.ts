import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { placeStake } from '../../src/server/features/bets/stakes.ts';
import { BUILD_MANIFEST, catalogueChunks } from '../../src/server/plugins/spa.ts';
import { ensureClientBuild } from '../lib/build.ts';
import { bundleBreakdown, type BundlePart } from './bundle-breakdown.ts';
import { createBets, createCrewWithMembers, createSyntheticUsers, makeFriends, openSetupApp, userRows } from './data.ts';
import { lighthouseChrome, lighthouseOnce, type Report } from './lighthouse-run.ts';
import type { BenchPostgres } from './postgres.ts';
import { startServer } from './server.ts';
import { ROOT, progress } from './util.ts';

/**
 * The client: what a first visit downloads before anything shows (the entry script, the
 * chunks it preloads, and the stylesheet, gzipped), and Lighthouse's mobile scores for the
 * landing page and, signed in, the dashboard, a bet page and a crew page.
 */

const CLIENT_DIR = path.join(ROOT, 'dist/client');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

export interface AssetSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface BundleSizes {
  initialJs: AssetSize[];
  initialCss: AssetSize[];
  initialJsGzipBytes: number;
  initialCssGzipBytes: number;
  /** Every script in the build, lazy chunks included, for scale. */
  allJsGzipBytes: number;
  /**
   * Each language's catalogue chunks (docs/decisions/035-languages.md), by locale: the reader's
   * first words are fetched before any screen draws, beside the entry script; the rest before a
   * signed-in screen draws.
   */
  catalogueGzipBytes: Record<string, { first: number; rest: number }>;
}

export interface LighthousePage {
  page: string;
  url: string;
  runs: number;
  /** Median of the runs, 0-100. */
  scores: Record<Category, number>;
  /** Lab metrics of the run whose performance score is the median. */
  metrics: Record<string, string>;
  /**
   * Lighthouse's own measure of the host's CPU (its BenchmarkIndex), median of the runs. Its
   * simulated phone is this host slowed down 4 times, so the performance score falls on a slower
   * host; Lighthouse warns below 1,000, and the figure tells runs on different hosts apart.
   */
  benchmarkIndex: number;
  /** What Lighthouse says would save the most time, and the audits that failed. */
  opportunities: string[];
  failedAudits: string[];
}

export interface ClientRun {
  bundle: BundleSizes;
  /** The largest contributors to the initial JS, by npm package or source folder. */
  initialJsByPart: BundlePart[] | { error: string };
  lighthouse: { pages: LighthousePage[] } | { error: string };
}

function size(file: string): AssetSize {
  const content = readFileSync(path.join(CLIENT_DIR, file));
  // zlib's default level, what a typical server or CDN sends.
  return { file, bytes: content.length, gzipBytes: gzipSync(content).length };
}

export function measureBundle(): BundleSizes {
  ensureClientBuild();
  const html = readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
  const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const js = new Set<string>();
  const css = new Set<string>();
  for (const tag of tags) {
    if (tag.startsWith('<script') && /type="module"/.test(tag)) {
      const src = attribute(tag, 'src');
      if (src) js.add(src.replace(/^\//, ''));
    } else if (/rel="modulepreload"/.test(tag)) {
      const href = attribute(tag, 'href');
      if (href) js.add(href.replace(/^\//, ''));
    } else if (/rel="stylesheet"/.test(tag)) {
      const href = attribute(tag, 'href');
      if (href) css.add(href.replace(/^\//, ''));
    }
  }
  if (js.size === 0) throw new Error('dist/client/index.html names no entry script');
  const initialJs = [...js].map(size);
  const initialCss = [...css].map(size);
  const allJs = readdirSync(path.join(CLIENT_DIR, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => size(`assets/${f}`));
  const sum = (list: AssetSize[]) => list.reduce((total, a) => total + a.gzipBytes, 0);
  const manifest = JSON.parse(readFileSync(path.join(CLIENT_DIR, BUILD_MANIFEST), 'utf8')) as Parameters<typeof catalogueChunks>[0];
  // The chunks the server names in its pages' Link headers.
  const catalogueGzipBytes: BundleSizes['catalogueGzipBytes'] = Object.fromEntries(
    [...catalogueChunks(manifest)]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([locale, { first, rest }]) => [locale, { first: size(first).gzipBytes, rest: size(rest).gzipBytes }]),
  );
  return {
    initialJs,
    initialCss,
    initialJsGzipBytes: sum(initialJs),
    initialCssGzipBytes: sum(initialCss),
    allJsGzipBytes: sum(allJs),
    catalogueGzipBytes,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

async function runLighthouse(
  pages: { page: string; url: string; cookie?: string }[],
  runs: number,
  reportsDir: string | undefined,
): Promise<LighthousePage[]> {
  const chromePath = lighthouseChrome();
  // A fresh browser for every run (lighthouse-run.ts), and a run that trips over a flaky trace
  // (NO_NAVSTART and the like) is simply tried again.
  const results: LighthousePage[] = [];
  for (const target of pages) {
    const reports: Report[] = [];
    for (let run = 1; run <= runs; run += 1) {
      progress(`lighthouse: ${target.page}, run ${run} of ${runs} (mobile emulation)`);
      for (let attempt = 1; ; attempt += 1) {
        try {
          const report = await lighthouseOnce(chromePath, target, CATEGORIES);
          reports.push(report);
          if (reportsDir) {
            // The whole report (trace-derived timings, request chains, LCP breakdown) for
            // finding out why a score moved; the summary below keeps only the headline.
            mkdirSync(reportsDir, { recursive: true });
            const slug = target.page.replace(/[^a-z]+/gi, '-').replace(/-+$/, '');
            writeFileSync(path.join(reportsDir, `lighthouse-${slug}-${run}.json`), JSON.stringify(report));
          }
          break;
        } catch (error) {
          if (attempt >= 3) throw error;
          progress(`lighthouse: ${error instanceof Error ? error.message : String(error)}; trying again`);
        }
      }
    }
    const scoreOf = (lhr: Report, category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(reports.map((r) => scoreOf(r, c)))])) as Record<Category, number>;
    const medianRun = reports.find((r) => scoreOf(r, 'performance') === scores.performance) ?? reports[0]!;
    const audits = medianRun.audits;
    const metricIds = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index', 'interactive'];
    const metrics = Object.fromEntries(metricIds.filter((id) => audits[id]).map((id) => [id, audits[id]!.displayValue ?? String(audits[id]!.numericValue)]));
    // Lighthouse 13 files most advice under insights rather than opportunities: take any
    // non-metric performance audit that scored poorly.
    const opportunities = (medianRun.categories.performance?.auditRefs ?? [])
      .filter((ref) => ref.group !== 'metrics')
      .map((ref) => audits[ref.id])
      .filter((a): a is NonNullable<typeof a> => a !== undefined && a.score !== null && a.score < 0.9)
      .map((a) => `${a.title}${a.displayValue ? `: ${a.displayValue}` : ''}`);
    const failedAudits = Object.values(medianRun.categories)
      .filter((c) => c.id !== 'performance')
      .flatMap((c) => c.auditRefs.filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1).map((ref) => `${c.id}: ${audits[ref.id]!.title}`));
    const benchmarkIndex = Math.round(median(reports.map((r) => r.environment.benchmarkIndex)));
    results.push({ page: target.page, url: target.url, runs, scores, metrics, benchmarkIndex, opportunities, failedAudits });
    progress(`lighthouse: ${target.page}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')}; host benchmark index ${benchmarkIndex}`);
    if (opportunities.length > 0) progress(`lighthouse: ${target.page}: ${opportunities.slice(0, 4).join('; ')}`);
  }
  return results;
}

export async function benchClient(pgServer: BenchPostgres, lighthouseRuns: number, lighthouseReports?: string): Promise<ClientRun> {
  progress('client: sizes of the initial JS and CSS (building the client if it is missing or stale)');
  const bundle = measureBundle();
  progress(`client: initial JS ${(bundle.initialJsGzipBytes / 1024).toFixed(1)} KB gzipped, CSS ${(bundle.initialCssGzipBytes / 1024).toFixed(1)} KB gzipped`);
  progress(
    `client: catalogues ${Object.entries(bundle.catalogueGzipBytes)
      .map(([locale, { first, rest }]) => `${locale} ${(first / 1024).toFixed(1)} + ${(rest / 1024).toFixed(1)} KB`)
      .join(', ')} gzipped (first words + the rest; one language's first words fetched at start)`,
  );
  progress('client: attributing the initial JS to packages (a second build, with source maps)');
  let initialJsByPart: ClientRun['initialJsByPart'];
  try {
    initialJsByPart = bundleBreakdown(bundle.initialJs.map((a) => a.file));
    progress(`client: largest parts: ${initialJsByPart.slice(0, 6).map((p) => `${p.part} ${(p.gzipBytes / 1024).toFixed(1)} KB`).join(', ')}`);
  } catch (error) {
    initialJsByPart = { error: error instanceof Error ? error.message : String(error) };
  }

  const { name, url } = await pgServer.createDatabase('client');
  const app = await openSetupApp({ kind: 'postgres', url });
  try {
    // A signed-in player with friends, their bets and a few stakes, so the dashboard has content.
    const [viewer, ...friends] = await createSyntheticUsers(app, 'lhplayer', 6);
    await makeFriends(app, friends.map((f) => [viewer!.id, f.id] as const));
    const rows = await userRows(app, [viewer!.id, ...friends.map((f) => f.id)]);
    const betIds = await createBets(app, friends.map((f) => rows.get(f.id)!), 2, 'Synthetic Lighthouse bet');
    await createBets(app, [rows.get(viewer!.id)!], 1, 'Synthetic Lighthouse bet');
    // A crew of the viewer and their friends, with a crew bet staked on, for the crew's standings.
    const crewId = await createCrewWithMembers(app, rows.get(viewer!.id)!, 'Lighthouse crew', friends.map((f) => f.id));
    const [crewBetId] = await createBets(app, [rows.get(friends[0]!.id)!], 1, 'Synthetic Lighthouse crew bet', { crewId });
    for (const [i, betId] of betIds.slice(0, 4).entries()) {
      const fresh = (await userRows(app, [viewer!.id])).get(viewer!.id)!;
      await placeStake(app, fresh, betId, { option: i % 2, amount: `${10 + i * 5}.00` });
    }
    await placeStake(app, (await userRows(app, [viewer!.id])).get(viewer!.id)!, crewBetId!, { option: 0, amount: '25.00' });
    const server = await startServer({ name: 'client', databaseUrl: url });
    try {
      let lighthouse: ClientRun['lighthouse'];
      try {
        lighthouse = {
          pages: await runLighthouse(
            [
              { page: 'landing (signed out)', url: `${server.url}/` },
              { page: 'dashboard (signed in)', url: `${server.url}/`, cookie: viewer!.cookie },
              { page: 'bet (signed in)', url: `${server.url}/bets/${betIds[0]}`, cookie: viewer!.cookie },
              { page: 'crew (signed in)', url: `${server.url}/crews/${crewId}/standings`, cookie: viewer!.cookie },
            ],
            lighthouseRuns,
            lighthouseReports,
          ),
        };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        progress(`lighthouse could not run: ${message}`);
        lighthouse = { error: message };
      }
      return { bundle, initialJsByPart, lighthouse };
    } finally {
      await server.stop();
    }
  } finally {
    await app.close();
    await pgServer.dropDatabase(name);
  }
}
