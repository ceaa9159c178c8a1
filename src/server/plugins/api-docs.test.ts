import spectralCore from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';
import { operationIdOf } from './api-docs.ts';

const { Spectral } = spectralCore;

describe('the API document', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ publicUrl: 'https://betbro.example' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("passes Spectral's spectral:oas ruleset without a single warning", async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const spectral = new Spectral();
    // What `spectral lint` runs for a ruleset that extends spectral:oas: its recommended rules.
    spectral.setRuleset({ extends: [[oas, 'recommended']] } as never);
    const results = await spectral.run(response.json<Record<string, unknown>>());
    expect(results.map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`)).toEqual([]);
  });

  it('names the public address as its server and gives every operation an id of its own', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs' })).json<{
      servers: { url: string }[];
      paths: Record<string, Record<string, { operationId: string }>>;
    }>();
    expect(document.servers).toEqual([{ url: 'https://betbro.example' }]);
    const ids = Object.values(document.paths).flatMap((operations) => Object.values(operations).map((o) => o.operationId));
    expect(ids.length).toBeGreaterThanOrEqual(60);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationIdOf('POST', '/api/bets/:id/participate')).toBe('postBetsByIdParticipate');
  });

  it('serves a page to read it, with nothing loaded from elsewhere or run inline', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs/ui' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.every((s) => s.startsWith('/api/docs/ui/'))).toBe(true);
    expect(page.body).not.toMatch(/<script>/);
    for (const source of sources) expect((await app.inject({ method: 'GET', url: source })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/docs/ui/package.json' })).statusCode).toBe(400);
  });
});
