import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../shared/schemas/common.ts';
import { createTestApp, testDbKind } from './test/test-app.ts';

const METRICS_TOKEN = 'metrics-token-for-the-tests';

describe(`app on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), 'betbro-client-'));
    mkdirSync(path.join(clientDir, 'assets'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    app = await createTestApp({ metricsToken: METRICS_TOKEN }, { clientDir });
  });

  afterAll(async () => {
    await app?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('counts an answered request that may write as activity for the periodic jobs, and no read', async () => {
    const before = app.backgroundWork.activity;
    await app.inject({ method: 'GET', url: '/readyz' });
    expect(app.backgroundWork.activity).toBe(before);
    await app.inject({ method: 'POST', url: '/api/bets', payload: {} });
    expect(app.backgroundWork.activity).toBe(before + 1);
  });

  it('answers /healthz and /readyz', async () => {
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });

    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: testDbKind });
  });

  it('reports not ready when the database is gone', async () => {
    const other = await createTestApp();
    await other.database.close();
    const ready = await other.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(errorBodySchema.parse(ready.json()).code).toBe('not_ready');
    await other.close();
  });

  it('created the core tables through the migrations', async () => {
    const rows = await app.database.withConnection((query) =>
      query<{ table_name: string }>(
        "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
      ),
    );
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['identities', 'ledger_entries', 'schema_migrations', 'sessions', 'users']),
    );
  });

  it('keeps money columns from going negative', async () => {
    await expect(
      app.database.withConnection((query) =>
        query("insert into users (username, balance_cents) values ('negative_nancy', -1)"),
      ),
    ).rejects.toThrow(/users_balance_non_negative/);
  });

  it('returns the request id it was given, or a new one', async () => {
    const given = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'trace-42' } });
    expect(given.headers['x-request-id']).toBe('trace-42');
    const fresh = await app.inject({ method: 'GET', url: '/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown API routes with the JSON error shape, the same for every path', async () => {
    for (const url of ['/api/nope', '/api/nope/<script>', '/%61pi/nope']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(errorBodySchema.unwrap().strict().parse(res.json())).toEqual({ error: 'Not found', code: 'not_found' });
    }
  });

  it('hands page routes to the client router', async () => {
    for (const url of ['/', '/some/unknown/page', '/friends?tab=requests']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('sends security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it("lets pages open sockets to the app's own origin only", async () => {
    const connectSrc = (csp: unknown) => String(csp).split(';').find((directive) => directive.startsWith('connect-src'));
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(connectSrc(res.headers['content-security-policy'])).toBe("connect-src 'self' ws://localhost:3000");
    const behindHttps = await createTestApp({ publicUrl: 'https://betbro.example' });
    try {
      const answer = await behindHttps.inject({ method: 'GET', url: '/api/auth/user', headers: { host: 'elsewhere.example' } });
      expect(connectSrc(answer.headers['content-security-policy'])).toBe("connect-src 'self' wss://betbro.example");
    } finally {
      await behindHttps.close();
    }
  });

  it('serves Prometheus metrics, to the bearer of METRICS_TOKEN only, with a latency histogram by route and status', async () => {
    await app.inject({ method: 'GET', url: '/healthz' });
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${METRICS_TOKEN}`, METRICS_TOKEN]) {
      const refused = await app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(refused.statusCode).toBe(401);
      expect(errorBodySchema.parse(refused.json()).code).toBe('unauthorized');
      expect(refused.body).not.toContain('http_request_duration_seconds');
    }
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toMatch(/http_request_duration_seconds_bucket\{[^}]*route="\/healthz"[^}]*status_code="200"/);
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });

  it('has no /metrics without METRICS_TOKEN', async () => {
    const other = await createTestApp();
    try {
      for (const headers of [{}, { authorization: 'Bearer ' }, { authorization: 'Bearer null' }]) {
        const res = await other.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(errorBodySchema.parse(res.json()).code).toBe('not_found');
      }
    } finally {
      await other.close();
    }
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz']));
  });

  it('takes an empty JSON body as no body', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/logout', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(200);
    const bad = await app.inject({ method: 'POST', url: '/api/logout', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect(bad.statusCode).toBe(400);
    expect(errorBodySchema.parse(bad.json()).error).toBe('Request body is not valid JSON');
    const poisoned = await app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it('refuses oversized and malformed bodies with a 4xx and no stack trace', async () => {
    const big = await app.inject({
      method: 'POST',
      url: '/api/anything',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(200 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(errorBodySchema.parse(big.json()).code).toBe('payload_too_large');
  });
});
