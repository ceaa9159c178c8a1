import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenInView } from './when-in-view.tsx';

/** An IntersectionObserver the test moves: `reach()` brings what it observes within reach. */
class FakeObserver {
  static made: FakeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit | undefined,
  ) {
    FakeObserver.made.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  reach(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.made = [];
});

describe('a part drawn once it comes into view', () => {
  it('shows its placeholder until it is within reach, then its children for good', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(
      <WhenInView placeholder={<p>Odds over time, later</p>}>
        <p>The chart</p>
      </WhenInView>,
    );
    expect(screen.getByText('Odds over time, later')).toBeInTheDocument();
    expect(screen.queryByText('The chart')).toBeNull();
    const [observer] = FakeObserver.made;
    expect(observer!.options?.rootMargin).toBe('0px');

    act(() => observer!.reach(false));
    expect(screen.queryByText('The chart')).toBeNull();
    act(() => observer!.reach(true));
    expect(screen.getByText('The chart')).toBeInTheDocument();
    expect(screen.queryByText('Odds over time, later')).toBeNull();
    expect(observer!.disconnected).toBe(true);
  });

  it('shows its children at once where the browser cannot tell', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenInView placeholder={<p>Later</p>}>
        <p>The chart</p>
      </WhenInView>,
    );
    expect(screen.getByText('The chart')).toBeInTheDocument();
  });
});
