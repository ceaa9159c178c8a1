import { afterEach, describe, expect, it } from 'vitest';
import { pageHere, signInAddress } from './sign-in.ts';

const STATE = 'c'.repeat(64);

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('starting sign-in', () => {
  it('names the page open now to come back to, path and query', () => {
    window.history.replaceState(null, '', '/bets/12?from=chat#odds');
    expect(pageHere()).toBe('/bets/12?from=chat');
    expect(signInAddress(STATE, pageHere())).toBe(`/api/login?state=${STATE}&returnTo=%2Fbets%2F12%3Ffrom%3Dchat`);
    window.history.replaceState(null, '', '/');
    expect(pageHere()).toBeNull();
    expect(signInAddress(STATE, pageHere())).toBe(`/api/login?state=${STATE}`);
  });

  it('names no page that is not this app’s own', () => {
    for (const elsewhere of ['//evil.example', 'https://evil.example/x', '/\\evil.example', '/api/auth/user', '/auth-callback?code=1']) {
      expect(signInAddress(STATE, elsewhere)).toBe(`/api/login?state=${STATE}`);
    }
  });
});
