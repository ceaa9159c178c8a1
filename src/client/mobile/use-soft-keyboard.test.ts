import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takesTyping, useSoftKeyboard } from './use-soft-keyboard.ts';

/** The part of the page the phone shows, as window.visualViewport reports it. */
class FakeViewport extends EventTarget {
  width = 390;
  height = 844;
  scale = 1;
  resize(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.dispatchEvent(new Event('resize'));
  }
}

let viewport: FakeViewport;
beforeEach(() => {
  viewport = new FakeViewport();
  Object.defineProperty(window, 'visualViewport', { value: viewport, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(window, 'visualViewport');
  document.body.replaceChildren();
});

function field(html: string): HTMLElement {
  document.body.insertAdjacentHTML('beforeend', html);
  const element = document.body.lastElementChild as HTMLElement;
  element.scrollIntoView = vi.fn();
  return element;
}

describe('useSoftKeyboard', () => {
  it('is up while a text field has focus and the visible page is far shorter, and brings the field into view', () => {
    const input = field('<input type="text" />');
    const { result } = renderHook(() => useSoftKeyboard());
    act(() => input.focus());
    expect(result.current).toBe(false);
    act(() => viewport.resize(390, 480));
    expect(result.current).toBe(true);
    expect(input.scrollIntoView).toHaveBeenCalledExactlyOnceWith({ block: 'nearest' });
    act(() => viewport.resize(390, 844));
    expect(result.current).toBe(false);
  });

  it('is down when the field loses focus, or focus is on something not typed into', () => {
    const input = field('<textarea></textarea>');
    const box = field('<input type="checkbox" />');
    const { result } = renderHook(() => useSoftKeyboard());
    act(() => input.focus());
    act(() => viewport.resize(390, 480));
    expect(result.current).toBe(true);
    act(() => box.focus());
    expect(result.current).toBe(false);
  });

  it('does not measure the page when it mounts with nothing typed into in focus, and does when a field has it', () => {
    const reads = vi.fn();
    Object.defineProperty(viewport, 'height', { configurable: true, get: () => (reads(), 844) });
    const first = renderHook(() => useSoftKeyboard());
    expect(reads).not.toHaveBeenCalled();
    expect(first.result.current).toBe(false);
    first.unmount();
    field('<input type="text" />').focus();
    renderHook(() => useSoftKeyboard());
    expect(reads).toHaveBeenCalled();
  });

  it('takes the address bar coming and going, and a turned phone, for what they are', () => {
    const input = field('<input type="search" />');
    const { result } = renderHook(() => useSoftKeyboard());
    act(() => input.focus());
    act(() => viewport.resize(390, 780));
    expect(result.current).toBe(false);
    // Turned: a new width starts over from its own height.
    act(() => viewport.resize(700, 390));
    expect(result.current).toBe(false);
    act(() => viewport.resize(700, 200));
    expect(result.current).toBe(true);
  });
});

describe('takesTyping', () => {
  it('knows the fields a keyboard types into', () => {
    expect(takesTyping(field('<input />'))).toBe(true);
    expect(takesTyping(field('<input type="number" />'))).toBe(true);
    expect(takesTyping(field('<textarea></textarea>'))).toBe(true);
    expect(takesTyping(field('<input type="radio" />'))).toBe(false);
    expect(takesTyping(field('<select></select>'))).toBe(false);
    expect(takesTyping(field('<button>Send</button>'))).toBe(false);
    expect(takesTyping(null)).toBe(false);
  });
});
