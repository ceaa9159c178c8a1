import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { PROJECT_DIR } from './project-dir.ts';

describe('loadConfig', () => {
  it('runs on the embedded defaults with no environment at all', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.join(PROJECT_DIR, 'data') });
    expect(config.oidc).toBeNull();
    expect(config.openSignup).toBe(true);
    expect(config.voidAfterDays).toBe(7);
    expect(config.redisUrl).toBeNull();
    expect(config.rateLimits.writesPerMinute).toBe(120);
  });

  it('reads a relative DATA_DIR from the project directory, whatever the working directory', () => {
    expect(loadConfig({ DATA_DIR: 'data/demo' }).dataDir).toBe(path.join(PROJECT_DIR, 'data/demo'));
    expect(loadConfig({ DATA_DIR: '/srv/betbro' }).dataDir).toBe('/srv/betbro');
  });

  it('lets the write rate limit be raised, e.g. for a load test', () => {
    expect(loadConfig({ RATE_LIMIT_WRITES_PER_MINUTE: '1000000' }).rateLimits.writesPerMinute).toBe(1_000_000);
    expect(() => loadConfig({ RATE_LIMIT_WRITES_PER_MINUTE: '0' })).toThrow(/RATE_LIMIT_WRITES_PER_MINUTE/);
    expect(() => loadConfig({ RATE_LIMIT_WRITES_PER_MINUTE: 'lots' })).toThrow(/RATE_LIMIT_WRITES_PER_MINUTE/);
  });

  it('runs every piece of speed machinery unless PLAIN_PATHS names some to go without', () => {
    expect([...loadConfig({}).plainPaths]).toEqual([]);
    expect([...loadConfig({ PLAIN_PATHS: 'feed-reads, stake-batches' }).plainPaths]).toEqual(['feed-reads', 'stake-batches']);
    expect(() => loadConfig({ PLAIN_PATHS: 'feed-reads,turbo' })).toThrow(/PLAIN_PATHS/);
  });

  it('reads the security settings: TRUST_PROXY, METRICS_TOKEN, RATE_LIMIT_READS_PER_MINUTE', () => {
    const defaults = loadConfig({});
    expect(defaults.trustProxy).toBe(false);
    expect(defaults.metricsToken).toBeNull();
    expect(defaults.rateLimits.readsPerMinute).toBe(1200);
    // NODE_ENV no longer decides whom to believe.
    expect(loadConfig({ NODE_ENV: 'production' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.7 ,::1, fd00::/8, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['0', '100', 'yes', '10.0.0.0/33', '10.0.0/8', 'proxy.example', '1.2.3.4,,nope']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-scrape-token' }).metricsToken).toBe('a-long-enough-scrape-token');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ RATE_LIMIT_READS_PER_MINUTE: '50' }).rateLimits.readsPerMinute).toBe(50);
    expect(() => loadConfig({ RATE_LIMIT_READS_PER_MINUTE: '0' })).toThrow(/RATE_LIMIT_READS_PER_MINUTE/);
  });

  it('reads production settings', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/betbro',
      REDIS_URL: 'redis://cache:6379',
      PUBLIC_URL: 'https://betbro.example/',
      ADMIN_EMAILS: ' Ann@Example.com, bob@example.com ,',
      OIDC_ISSUER_URL: 'https://id.example',
      OIDC_CLIENT_ID: 'betbro',
      OIDC_CLIENT_SECRET: 's3cret',
    });
    expect(config.port).toBe(8080);
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/betbro' });
    expect(config.publicUrl).toBe('https://betbro.example');
    expect(config.adminEmails).toEqual(['ann@example.com', 'bob@example.com']);
    expect(config.oidc?.clientId).toBe('betbro');
    // With an external issuer, open sign-up is off unless asked for.
    expect(config.openSignup).toBe(false);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ OPEN_SIGNUP: 'maybe' })).toThrow(/OPEN_SIGNUP/);
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'https://id.example' })).toThrow(/must be set together/);
  });
});
