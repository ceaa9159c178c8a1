import { describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../shared/schemas/auth.ts';
import { AUTH_STORAGE_KEY, clearStoredAuth, readStoredAuth, writeStoredAuth } from './auth-storage.ts';

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const user: SignedInUser = {
  id: 1,
  username: 'ann',
  email: 'ann@betbro.test',
  firstName: null,
  role: 'user',
  balance: '1000.00',
  totalBets: 0,
  totalWins: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  isOnline: true,
  winRate: 0,
  totalWinnings: '0.00',
  rank: null,
  bio: null,
  location: null,
  favoriteCategory: null,
  emailToVerify: false,
};

const NOW = Date.UTC(2026, 10, 22);
const DAY = 24 * 3600 * 1000;

describe('stored auth', () => {
  it('round-trips a fresh entry', () => {
    const storage = new MemoryStorage();
    writeStoredAuth(storage, user, NOW / 1000 + 3600, NOW);
    expect(readStoredAuth(storage, NOW + 1000)?.user.username).toBe('ann');
  });

  it('discards an entry older than 7 days', () => {
    const storage = new MemoryStorage();
    writeStoredAuth(storage, user, NOW / 1000 + 30 * 24 * 3600, NOW);
    expect(readStoredAuth(storage, NOW + 7 * DAY + 1)).toBeNull();
    expect(storage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('discards an entry whose expires_at has passed', () => {
    const storage = new MemoryStorage();
    writeStoredAuth(storage, user, NOW / 1000 + 60, NOW);
    expect(readStoredAuth(storage, NOW + 61_000)).toBeNull();
  });

  it('discards garbage and can be cleared', () => {
    const storage = new MemoryStorage();
    storage.setItem(AUTH_STORAGE_KEY, '{"user":');
    expect(readStoredAuth(storage, NOW)).toBeNull();
    writeStoredAuth(storage, user, NOW / 1000 + 60, NOW);
    clearStoredAuth(storage);
    expect(readStoredAuth(storage, NOW)).toBeNull();
  });
});
