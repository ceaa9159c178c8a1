import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { focusWhenShown, stopFocusWhenShown } from './focus.ts';

function button(id: string): HTMLButtonElement {
  const element = document.createElement('button');
  element.id = id;
  document.body.append(element);
  return element;
}

describe('focusWhenShown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it('focuses the element once it is drawn, within three seconds', () => {
    focusWhenShown('later');
    vi.advanceTimersByTime(500);
    const later = button('later');
    vi.advanceTimersByTime(16);
    expect(document.activeElement).toBe(later);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives up after three seconds', () => {
    focusWhenShown('never');
    vi.advanceTimersByTime(3_000);
    expect(vi.getTimerCount()).toBe(0);
    const never = button('never');
    vi.advanceTimersByTime(1_000);
    expect(document.activeElement).not.toBe(never);
  });

  it('looks only for the latest target: an older one drawn later does not take the focus back', () => {
    focusWhenShown('first');
    focusWhenShown('second');
    const second = button('second');
    vi.advanceTimersByTime(16);
    expect(document.activeElement).toBe(second);
    button('first');
    vi.advanceTimersByTime(1_000);
    expect(document.activeElement).toBe(second);
  });

  it('stops looking when told to', () => {
    focusWhenShown('stopped');
    stopFocusWhenShown();
    expect(vi.getTimerCount()).toBe(0);
    const stopped = button('stopped');
    vi.advanceTimersByTime(1_000);
    expect(document.activeElement).not.toBe(stopped);
  });
});
