import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IDLE_EXIT_MS, renderCard } from '../../src/server/features/cards/render.ts';
import type { CardContent } from '../../src/server/features/cards/content.ts';
import { ensureBuild } from '../lib/build.ts';
import { IDLE_MS, spread, start, type Spread } from './startup.ts';
import { progress, sleep } from './util.ts';

/**
 * Link cards (docs/product.md §6.8): how long one card takes to draw, in this process, once the
 * renderer is loaded (RENDERS cards of each kind, every one with words of its own, so nothing is
 * drawn twice, through the renderer's own process as the server asks), and the server's resident
 * size on the embedded database: idle before any card, shortly after one while the renderer's
 * process runs, and idle again once that process has ended for want of cards (render.ts). Beside
 * it, started at the same moment on a DATA_DIR of its own, a control server nobody touches, read
 * at the same ages: what the server grows by itself is told apart from what a card leaves.
 */

const RENDERS = 10;
/** The idle server's target on the embedded database (docs/startup-and-memory.md). */
const IDLE_RSS_TARGET_MB = 200;

export interface CardsRun {
  renders: number;
  /** The first card, with the renderer and the fonts loading. */
  firstRenderMs: number;
  renderMs: Spread;
  largestPngKb: number;
  idleRssMb: number;
  /** Shortly after a card, the renderer's process still running. */
  rssWithRendererMb: number;
  /** Idle again, once the renderer's process has ended. */
  idleRssAfterCardMb: number;
  /** The untouched control server, read at the same moments as idleRssMb and idleRssAfterCardMb. */
  untouchedIdleRssMb: number;
  untouchedIdleRssLaterMb: number;
  /** The first card over HTTP from a fresh server: page, then image. */
  firstCardOverHttpMs: number;
}

const contents = (i: number): CardContent[] => [
  { kind: 'generic' },
  { kind: 'friend-invite', inviter: `Player_${i}` },
  {
    kind: 'bet-invite',
    inviter: `Player_${i}`,
    question: `Will the derby number ${i} end in a draw after extra time, or does someone win it?`,
    options: [`Home side ${i}`, 'Away side', 'Draw', 'Called off'].map((label, j) => ({ label, odds: `${(1 + j + i / 10).toFixed(1)}:1` })),
    pot: `$${(1234 + i).toLocaleString('en')}.50`,
    deadline: `2${i % 9} Dec 2026, 18:30 UTC`,
  },
  { kind: 'crew-invite', inviter: `Player_${i}`, crew: `Friday poker club ${i}`, memberCount: 3 + i },
];

export async function benchCards(): Promise<CardsRun> {
  const firstStart = performance.now();
  const first = await renderCard({ kind: 'generic' });
  const firstRenderMs = performance.now() - firstStart;
  const times: number[] = [];
  let largest = first.length;
  for (let i = 1; i <= RENDERS; i += 1) {
    for (const content of contents(i)) {
      const began = performance.now();
      const png = await renderCard(content);
      times.push(performance.now() - began);
      largest = Math.max(largest, png.length);
    }
  }
  const renderMs = spread(times);
  progress(`cards: first ${Math.round(firstRenderMs)} ms (loading the renderer), then median ${Math.round(renderMs.median)} ms over ${times.length}`);

  await ensureBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'betbro-bench-cards-'));
  const controlDir = mkdtempSync(path.join(tmpdir(), 'betbro-bench-cards-control-'));
  try {
    const [server, control] = await Promise.all([start({ DATA_DIR: dataDir }), start({ DATA_DIR: controlDir })]);
    try {
      await sleep(IDLE_MS);
      const idleRssMb = server.rssMb();
      const untouchedIdleRssMb = control.rssMb();
      const began = performance.now();
      const html = await (await fetch(`${server.url}/`)).text();
      const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
      if (!image) throw new Error('the page names no og:image');
      const card = await fetch(image);
      if (!card.ok) throw new Error(`the card answered ${card.status}`);
      await card.arrayBuffer();
      const firstCardOverHttpMs = performance.now() - began;
      await sleep(2_000);
      const rssWithRendererMb = server.rssMb();
      await sleep(IDLE_EXIT_MS + IDLE_MS);
      const idleRssAfterCardMb = server.rssMb();
      const untouchedIdleRssLaterMb = control.rssMb();
      progress(
        `cards: idle ${Math.round(idleRssMb)} MB, with the renderer running ${Math.round(rssWithRendererMb)} MB, idle again ${Math.round(idleRssAfterCardMb)} MB; first card over HTTP ${Math.round(firstCardOverHttpMs)} ms`,
      );
      const line = (mb: number) => `${Math.round(mb)} MB (${mb <= IDLE_RSS_TARGET_MB ? 'within' : 'over'} ${IDLE_RSS_TARGET_MB} MB)`;
      progress(
        `cards: untouched idle ${line(untouchedIdleRssMb)} then ${line(untouchedIdleRssLaterMb)}; idle before a card ${line(idleRssMb)}, idle after a card ${line(idleRssAfterCardMb)}`,
      );
      return {
        renders: times.length,
        firstRenderMs,
        renderMs,
        largestPngKb: largest / 1024,
        idleRssMb,
        rssWithRendererMb,
        idleRssAfterCardMb,
        untouchedIdleRssMb,
        untouchedIdleRssLaterMb,
        firstCardOverHttpMs,
      };
    } finally {
      await Promise.all([server.stop(), control.stop()]);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(controlDir, { recursive: true, force: true });
  }
}
