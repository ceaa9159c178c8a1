import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Resvg as ResvgClass } from '@resvg/resvg-js';
import type satoriFunction from 'satori';
import type { SatoriOptions } from 'satori';
import { PROJECT_DIR } from '../../project-dir.ts';
import { CARD_HEIGHT, CARD_WIDTH, drawCard } from './draw.ts';
import type { CardContent } from './content.ts';

/**
 * Draws a card's PNG (decision record 033): satori lays the drawing out into an SVG with its text
 * as paths, resvg rasterises it. Both, and the fonts, load at the first card asked for, never at
 * start-up: a server that is never asked for a card never holds them (docs/startup-and-memory.md).
 */

const FONT_DIR = path.join(PROJECT_DIR, 'node_modules/@fontsource/inter/files');
/** Inter's subsets a player's words may need, each a font satori falls back to for what the others lack. */
const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'greek'];

interface Renderer {
  satori: typeof satoriFunction;
  Resvg: typeof ResvgClass;
  fonts: SatoriOptions['fonts'];
}

let renderer: Promise<Renderer> | null = null;

function loadRenderer(): Promise<Renderer> {
  renderer ??= (async () => {
    const [{ default: satori }, { Resvg }, fonts] = await Promise.all([
      import('satori'),
      import('@resvg/resvg-js'),
      Promise.all(
        SUBSETS.flatMap((subset) =>
          ([400, 700] as const).map(async (weight) => ({
            name: 'Inter',
            weight,
            style: 'normal' as const,
            data: await readFile(path.join(FONT_DIR, `inter-${subset}-${weight}-normal.woff`)),
          })),
        ),
      ),
    ]);
    return { satori, Resvg, fonts };
  })();
  // A failed load (a missing font file) is tried again at the next card, not remembered.
  renderer.catch(() => {
    renderer = null;
  });
  return renderer;
}

/** The card's PNG, 1200×630. */
export async function renderCard(content: CardContent): Promise<Buffer> {
  const { satori, Resvg, fonts } = await loadRenderer();
  const svg = await satori(drawCard(content) as unknown as Parameters<typeof satori>[0], { width: CARD_WIDTH, height: CARD_HEIGHT, fonts });
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: CARD_WIDTH }, font: { loadSystemFonts: false } }).render().asPng();
  return Buffer.from(png);
}
