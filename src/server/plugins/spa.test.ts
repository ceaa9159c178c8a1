import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../shared/schemas/common.ts';
import { createTestApp, testDbKind } from '../test/test-app.ts';

// A build as `vite build` leaves it: text files with the .br and .gz siblings the build's
// precompress step writes, except where compressing would not have helped.
const INDEX = `<!doctype html><html><head><title>Betbro</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(40)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('Betbro '.repeat(200))});`;
const STYLE = 'body{margin:0}';

describe(`static client serving on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), 'betbro-spa-'));
    mkdirSync(path.join(clientDir, 'assets'));
    const write = (file: string, content: string, compressed: boolean) => {
      writeFileSync(path.join(clientDir, file), content);
      if (!compressed) return;
      writeFileSync(path.join(clientDir, `${file}.br`), brotliCompressSync(content));
      writeFileSync(path.join(clientDir, `${file}.gz`), gzipSync(content));
    };
    write('index.html', INDEX, true);
    write('assets/index-abc123.js', SCRIPT, true);
    write('assets/tiny-abc123.css', STYLE, false);
    write('robots.txt', 'User-agent: *\nDisallow: /api/\n', false);
    app = await createTestApp({}, { clientDir });
  });

  afterAll(async () => {
    await app?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends a hashed asset as its .br when the browser takes brotli, cached for a year', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the .gz to a browser that takes gzip only, and the file itself to one that takes neither', async () => {
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    for (const plain of [await get('/assets/index-abc123.js'), await get('/assets/index-abc123.js', 'identity')]) {
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(SCRIPT);
    }
  });

  it('sends a file without compressed siblings as it is', async () => {
    const res = await get('/assets/tiny-abc123.css', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.body).toBe(STYLE);
  });

  it('answers page routes with index.html, compressed when accepted and never cached', async () => {
    for (const url of ['/', '/friends', '/bets/42?tab=comments']) {
      const br = await get(url, 'gzip, deflate, br');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/^text\/html/);
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(INDEX);

      const gz = await get(url, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(INDEX);

      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['cache-control']).toBe('no-cache');
      expect(plain.body).toBe(INDEX);
    }
  });

  it('serves /robots.txt as text, not the index page', async () => {
    const res = await get('/robots.txt', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('User-agent: *');
  });

  it('keeps unknown API routes a JSON 404, uncompressed', async () => {
    const res = await get('/api/nope', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(errorBodySchema.parse(res.json()).code).toBe('not_found');
  });
});
