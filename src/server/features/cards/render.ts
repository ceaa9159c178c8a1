import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_DIR } from '../../project-dir.ts';
import type { CardContent } from './content.ts';

/**
 * Cards are drawn in a process of their own (renderer-process.ts), started at the first card asked
 * for and ended once none has been asked for IDLE_EXIT_MS. The renderer (satori, resvg's native
 * library, the fonts) holds about 60 MB once loaded, and a thread ending gives back little of it
 * (docs/performance.md, "Link cards"): a process ending gives back all, so the server's own idle
 * size never carries it. A card asked for later starts the process again, at the cost of loading
 * the renderer again (about a second).
 */

export const IDLE_EXIT_MS = 15_000;

/** The renderer's program: the TypeScript itself from the source, the build's own program from dist/. */
const rendererFile = () =>
  import.meta.url.endsWith('.ts') ? fileURLToPath(new URL('./renderer-process.ts', import.meta.url)) : path.join(PROJECT_DIR, 'dist/server/card-renderer.js');

interface Pending {
  resolve: (png: Buffer) => void;
  reject: (error: Error) => void;
}

let renderer: ChildProcess | null = null;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function stopWhenIdle(): void {
  clearTimeout(idleTimer);
  if (pending.size > 0 || !renderer) return;
  const idle = renderer;
  idleTimer = setTimeout(() => {
    if (renderer === idle && pending.size === 0) {
      renderer = null;
      idle.disconnect();
    }
  }, IDLE_EXIT_MS);
  idleTimer.unref();
}

function startRenderer(): ChildProcess {
  // Node's own flags only: not the server's source maps or inspector.
  const started = fork(rendererFile(), [], { execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env: { ...process.env, NODE_NO_WARNINGS: '1' } });
  // The server may stop while the renderer idles: the renderer keeps nothing alive.
  started.unref();
  started.channel?.unref();
  started.on('message', (message: { id: number; png?: string; error?: string }) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.png !== undefined) waiting.resolve(Buffer.from(message.png, 'base64'));
    else waiting.reject(new Error(message.error ?? 'the card could not be drawn'));
    if (pending.size === 0) started.channel?.unref();
    stopWhenIdle();
  });
  const fail = (error: Error) => {
    if (renderer === started) renderer = null;
    for (const [id, waiting] of pending) {
      pending.delete(id);
      waiting.reject(error);
    }
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`the card renderer stopped (${code})`)));
  return started;
}

/** The card's PNG, 1200×630, drawn in the renderer's process. */
export function renderCard(content: CardContent): Promise<Buffer> {
  clearTimeout(idleTimer);
  renderer ??= startRenderer();
  // While a card is awaited the channel holds the server open; idle, it does not.
  renderer.channel?.ref();
  const id = (nextId += 1);
  const answer = new Promise<Buffer>((resolve, reject) => pending.set(id, { resolve, reject }));
  renderer.send({ id, content });
  return answer;
}
