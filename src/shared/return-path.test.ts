import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RETURN_PATH_MAX, safeReturnPath } from './return-path.ts';

describe('the address sign-in comes back to', () => {
  it.each([
    ['/bets/12', '/bets/12'],
    ['/bets/12?from=chat&x=%20y', '/bets/12?from=chat&x=%20y'],
    ['/messages?c=4', '/messages?c=4'],
    ['/invite/abc_DEF-123', '/invite/abc_DEF-123'],
    ['/crews/join/tok', '/crews/join/tok'],
    ['/verify-email?token=t0k', '/verify-email?token=t0k'],
    ['/', '/'],
    ['/bets/12#options', '/bets/12'],
    ['/a/../bets/3', '/bets/3'],
    ['/apiary', '/apiary'],
    // Percent-encoded, the slashes are an ordinary path of this app: it never leaves.
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('keeps the page %s', (given, kept) => {
    expect(safeReturnPath(given)).toBe(kept);
  });

  it.each([
    '//evil.example/bets/1',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'bets/12',
    '/bets/12 ',
    '/bets\t/12',
    '/a/..//evil.example',
    '/./\\evil.example',
    '/api/auth/user',
    '/api',
    '/oidc/auth?x=1',
    '/auth-callback?code=1',
    '/ws',
    '/bets/é',
    '',
    `/${'a'.repeat(RETURN_PATH_MAX)}`,
  ])('refuses %j', (given) => {
    expect(safeReturnPath(given)).toBeNull();
  });

  it('whatever it is given, answers a path that stays on this origin, or null', () => {
    fc.assert(
      // Paths, and paths with a tricky start: another site's, a backslash, dot segments.
      fc.property(fc.tuple(fc.constantFrom('', '/', '//', '/\\', '\\', '/..', '/%2e%2e/', 'https://evil.example', '/./'), fc.oneof(fc.string(), fc.webPath())).map(([head, tail]) => head + tail), (given) => {
        const kept = safeReturnPath(given);
        if (kept === null) return;
        expect(kept.startsWith('/')).toBe(true);
        expect(kept.startsWith('//')).toBe(false);
        expect(kept).not.toMatch(/\\/);
        const base = 'https://betbro.example';
        expect(new URL(kept, base).origin).toBe(base);
      }),
    );
    // About 1.7 s alone; a hundred generated web paths can take far longer on a busy machine.
  }, 30_000);
});
