import { describe, expect, it } from 'vitest';
import { fileNameOf } from './api.ts';

describe('the name a download is saved under', () => {
  it.each([
    [null, null],
    ['attachment', null],
    ['attachment; filename="betbro-alice-2026-11-30.json"', 'betbro-alice-2026-11-30.json'],
    ['attachment; filename=plain.json; size=12', 'plain.json'],
    [`attachment; filename="fallback.json"; filename*=UTF-8''caf%C3%A9.json`, 'café.json'],
    ['attachment; filename="../../somewhere/else.json"', 'else.json'],
  ])('of %s is %s', (header, name) => {
    expect(fileNameOf(header)).toBe(name);
  });
});
