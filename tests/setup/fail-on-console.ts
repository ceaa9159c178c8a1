import { afterEach, beforeEach, expect, vi } from 'vitest';

// Any console.error or console.warn (React's warnings among them) fails the test that caused it.
// Unhandled rejections and errors already fail the run: vitest reports them as errors.
let messages: string[] = [];

beforeEach(() => {
  messages = [];
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      messages.push(`console.${level}: ${args.map(String).join(' ')}`);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  expect(messages, 'nothing may be written to console.error or console.warn').toEqual([]);
});
