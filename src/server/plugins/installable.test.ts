import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind } from '../test/test-app.ts';

// The installable app's files as the build copies them (src/client/public and the page), served
// by the server the way it serves every build.
const CLIENT_SOURCE = fileURLToPath(new URL('../../client/', import.meta.url));

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (png: Buffer) => {
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
};

describe(`the installable app's files on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), 'betbro-pwa-'));
    cpSync(path.join(CLIENT_SOURCE, 'public'), clientDir, { recursive: true });
    cpSync(path.join(CLIENT_SOURCE, 'index.html'), path.join(clientDir, 'index.html'));
    app = await createTestApp({}, { clientDir });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('links a manifest with what installing needs, and its icons are the PNGs it names', async () => {
    const page = (await get('/')).body;
    expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    const response = await get('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = response.json() as Record<string, unknown> & { icons: { src: string; sizes: string; type: string; purpose: string }[] };
    expect(manifest).toMatchObject({ name: 'Betbro', short_name: 'Betbro', start_url: '/', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    const purposes = manifest.icons.map((i) => `${i.sizes} ${i.purpose}`);
    expect(purposes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const png = await get(icon.src);
      expect(png.statusCode, icon.src).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect(pngSize(png.rawPayload).join('x')).toBe(icon.sizes);
    }
  });

  it('serves the service worker from the root, never cached stale, allowed by the CSP', async () => {
    const response = await get('/sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    for (const event of ['install', 'fetch', 'push', 'notificationclick']) expect(response.body).toContain(`addEventListener('${event}'`);
    const csp = String((await get('/')).headers['content-security-policy']);
    // Workers and manifests fall back to default-src: the page's own origin.
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toMatch(/worker-src|manifest-src/);
  });

  it('has the offline page the worker shows without a network', async () => {
    const response = await get('/offline.html');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("You're offline - reconnect to see live odds");
    expect((await get('/sw.js')).body).toContain("'/offline.html'");
  });
});
