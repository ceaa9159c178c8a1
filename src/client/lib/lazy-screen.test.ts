import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ScreenLoadError, lazyScreen } from './lazy-screen.ts';

const Greeting = ({ name }: { name: string }) => createElement('p', null, `Hello ${name}`);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const inSuspense = (element: ReturnType<typeof createElement>) =>
  renderToString(createElement(Suspense, { fallback: createElement('p', null, 'Loading...') }, element));

describe('lazyScreen', () => {
  it('fetches the chunk once, however often it is preloaded', async () => {
    const load = vi.fn(async () => ({ Greeting }));
    const screen = lazyScreen(load, (m) => m.Greeting);
    expect(load).not.toHaveBeenCalled();
    screen.preload();
    screen.preload();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends while the chunk loads, and renders at once when it was preloaded', async () => {
    const screen = lazyScreen(async () => ({ Greeting }), (m) => m.Greeting);
    expect(inSuspense(createElement(screen.Component, { name: 'Ann' }))).toContain('Loading...');
    screen.preload();
    await settle();
    expect(inSuspense(createElement(screen.Component, { name: 'Ann' }))).toContain('Hello Ann');
  });

  it('tries a failed download afresh, without an unhandled rejection', async () => {
    const load = vi
      .fn<() => Promise<{ Greeting: typeof Greeting }>>()
      .mockRejectedValueOnce(new Error('chunk gone'))
      .mockResolvedValue({ Greeting });
    const screen = lazyScreen(load, (m) => m.Greeting);
    screen.preload();
    await settle();
    screen.preload();
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says a download failed with a ScreenLoadError carrying the cause, then loads on the next try', async () => {
    const gone = new Error('chunk gone');
    const load = vi.fn<() => Promise<{ Greeting: typeof Greeting }>>().mockRejectedValueOnce(gone).mockResolvedValue({ Greeting });
    const screen = lazyScreen(load, (m) => m.Greeting);
    const failure = await screen.load().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ScreenLoadError);
    expect((failure as ScreenLoadError).cause).toBe(gone);
    expect(screen.isLoaded()).toBe(false);
    await screen.load();
    expect(screen.isLoaded()).toBe(true);
    // A fresh mount renders the code that has now arrived.
    expect(inSuspense(createElement(screen.Component, { name: 'Ann' }))).toContain('Hello Ann');
  });
});
