import { describe, expect, it } from 'vitest';
import { sameView, viewFromLocation } from './mobile-location.ts';

describe('mobile views from desktop addresses', () => {
  it('maps each signed-in route to its view', () => {
    expect(viewFromLocation('/', '')).toEqual({ name: 'dashboard' });
    expect(viewFromLocation('/friends', '')).toEqual({ name: 'friends' });
    expect(viewFromLocation('/activities/', '')).toEqual({ name: 'activity' });
    expect(viewFromLocation('/my-bets', '')).toEqual({ name: 'my-bets' });
    expect(viewFromLocation('/user-management', '')).toEqual({ name: 'user-management' });
    expect(viewFromLocation('/crews', '')).toEqual({ name: 'crews' });
  });

  it('keeps the id of a bet, a crew or a conversation', () => {
    expect(viewFromLocation('/bets/42', '')).toEqual({ name: 'bet', id: 42 });
    expect(viewFromLocation('/crews/5/', '')).toEqual({ name: 'crew', id: 5 });
    expect(viewFromLocation('/crews/5/standings', '')).toEqual({ name: 'crew', id: 5, tab: 'standings' });
    expect(viewFromLocation('/messages', '?c=7')).toEqual({ name: 'conversation', id: 7 });
    expect(viewFromLocation('/messages', '?c=nonsense')).toEqual({ name: 'messages' });
  });

  it('falls back to the dashboard', () => {
    expect(viewFromLocation('/somewhere-else', '')).toEqual({ name: 'dashboard' });
  });

  it('compares views by name, id and tab', () => {
    expect(sameView({ name: 'bet', id: 1 }, { name: 'bet', id: 1 })).toBe(true);
    expect(sameView({ name: 'bet', id: 1 }, { name: 'bet', id: 2 })).toBe(false);
    expect(sameView({ name: 'friends' }, { name: 'friends' })).toBe(true);
    expect(sameView({ name: 'crew', id: 5, tab: 'chat' }, { name: 'crew', id: 5 })).toBe(false);
  });
});
