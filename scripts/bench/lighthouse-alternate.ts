import { lighthouseChrome, lighthouseOnce, type Report } from './lighthouse-run.ts';

/**
 * Two builds' pages measured against each other: Lighthouse's mobile performance of each URL,
 * one run of each in turn, so that the host's hour-to-hour speed falls on both alike. A run
 * Lighthouse cannot finish is said and left out. Prints each run, then each URL's median and
 * range with the median LCP, FCP and blocking time.
 *
 *   node --import tsx scripts/bench/lighthouse-alternate.ts http://127.0.0.1:4101/ http://127.0.0.1:4102/ [runs=8]
 *
 * Each URL is a build of its own, served by `npm start` (a worktree of the other commit,
 * `PORT` and `DATA_DIR` of its own). The signed-out landing page needs nothing else; for a
 * signed-in page, serve both builds from one database (the same `DATABASE_URL`) and give a
 * session of it as `LIGHTHOUSE_COOKIE=betbro_session=...`, put in the browser before each run;
 * a build whose schema differs (before a migration) needs a database of its own, set up the same
 * way by its own bench code: the second URL's session is then `LIGHTHOUSE_COOKIE_B`.
 */

interface Run {
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
}

const [first, second, runsArgument] = process.argv.slice(2);
if (!first || !second) {
  console.error('usage: node --import tsx scripts/bench/lighthouse-alternate.ts URL_A URL_B [runs]');
  process.exit(2);
}
const runs = Number(runsArgument ?? 8);
const chromePath = lighthouseChrome();
const cookie = process.env.LIGHTHOUSE_COOKIE || undefined;
// Builds whose databases differ (a schema of their own) each get a session of their own database.
const cookieOf = (url: string) => (url === second ? process.env.LIGHTHOUSE_COOKIE_B || cookie : cookie);

async function once(url: string): Promise<Run | null> {
  let report: Report;
  try {
    report = await lighthouseOnce(chromePath, { url, cookie: cookieOf(url) }, ['performance']);
  } catch {
    return null;
  }
  const score = report.categories.performance?.score;
  if (typeof score !== 'number') return null;
  const metric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return { score: Math.round(score * 100), lcp: metric('largest-contentful-paint'), fcp: metric('first-contentful-paint'), tbt: metric('total-blocking-time') };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
};

const results = new Map<string, Run[]>([
  [first, []],
  [second, []],
]);
for (let run = 1; run <= runs; run += 1) {
  for (const url of [first, second]) {
    const measured = await once(url);
    console.log(`run ${run} ${url}: ${measured ? JSON.stringify(measured) : 'Lighthouse could not finish: left out'}`);
    if (measured) results.get(url)!.push(measured);
  }
}
for (const [url, measured] of results) {
  const scores = measured.map((m) => m.score);
  console.log(
    `${url}: performance ${median(scores)} (${Math.min(...scores)}-${Math.max(...scores)}) over ${measured.length} runs;` +
      ` LCP ${Math.round(median(measured.map((m) => m.lcp)))} ms, FCP ${Math.round(median(measured.map((m) => m.fcp)))} ms,` +
      ` blocking ${Math.round(median(measured.map((m) => m.tbt)))} ms`,
  );
}
