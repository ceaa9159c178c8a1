import { createElement, lazy, useState, type ComponentType } from 'react';
import { wholeCatalogue } from './i18n.ts';

/** A screen's code could not be downloaded (offline, or a deploy removed the old chunk). */
export class ScreenLoadError extends Error {
  constructor(cause: unknown) {
    super('The code of this screen could not be loaded', { cause });
    this.name = 'ScreenLoadError';
  }
}

export interface LazyScreen<P extends object = object> {
  /**
   * Renders the screen. While its chunk loads it suspends (the nearest Suspense shows its
   * fallback); a screen whose chunk was preloaded and has arrived renders at once.
   */
  Component: ComponentType<P>;
  /** Starts fetching the chunk now, so that it does not wait for whatever renders it. */
  preload: () => void;
  /** The chunk's download: settles when it has arrived or failed. */
  load: () => Promise<unknown>;
  /** Whether the chunk has arrived, so that the screen renders without suspending. */
  isLoaded: () => boolean;
}

/**
 * A screen in its own chunk (React.lazy), with a way to start the download early. It loads with
 * every word of the reader's language (i18n.ts: the first script says only its first words). The chunk is
 * fetched once however often it is asked for; a failed download rejects with a ScreenLoadError
 * and is tried afresh by the next preload() or load(). React.lazy keeps a rejection, so a
 * mounted screen that failed stays failed: mount it again after a successful load() (see
 * ScreenLoadBoundary) and it renders the loaded code.
 */
export function lazyScreen<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyScreen<P> {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const get = () =>
    (pending ??= Promise.all([load(), wholeCatalogue()]).then(
      ([module]) => {
        loaded = pick(module);
        return { default: loaded };
      },
      (error: unknown) => {
        pending = undefined;
        throw new ScreenLoadError(error);
      },
    ));
  const Lazy = lazy(get);
  function Screen(props: P) {
    // Chosen once per mount: switching between the two later would remount the screen.
    const [Loaded] = useState(() => loaded);
    return createElement((Loaded ?? Lazy) as ComponentType<P>, props);
  }
  return {
    Component: Screen,
    preload: () => {
      // A failure here surfaces when the screen renders (error boundary), not as an unhandled rejection.
      get().catch(() => undefined);
    },
    load: get,
    isLoaded: () => loaded !== undefined,
  };
}
