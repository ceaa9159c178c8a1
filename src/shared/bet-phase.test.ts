import { describe, expect, it } from 'vitest';
import { betPhase } from './bet-phase.ts';

describe('betPhase', () => {
  const now = Date.parse('2026-11-25T12:00:00.000Z');

  it('keeps an unresolved bet active until its expiry, and calls it expired from that instant on', () => {
    expect(betPhase({ status: 'active', expiresAt: null }, now)).toBe('active');
    expect(betPhase({ status: 'active', expiresAt: '2026-11-25T12:00:00.001Z' }, now)).toBe('active');
    expect(betPhase({ status: 'active', expiresAt: '2026-11-25T12:00:00.000Z' }, now)).toBe('expired');
    expect(betPhase({ status: 'active', expiresAt: '2026-11-20T00:00:00.000Z' }, now)).toBe('expired');
  });

  it('says settled bets are resolved or refunded, whatever their expiry', () => {
    expect(betPhase({ status: 'resolved', expiresAt: '2026-11-20T00:00:00.000Z' }, now)).toBe('resolved');
    expect(betPhase({ status: 'void', expiresAt: null }, now)).toBe('void');
  });

  it('says a jury bet waits as proposed, then disputed, even past its expiry', () => {
    expect(betPhase({ status: 'proposed', expiresAt: '2026-11-20T00:00:00.000Z' }, now)).toBe('proposed');
    expect(betPhase({ status: 'disputed', expiresAt: null }, now)).toBe('disputed');
  });
});
