import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PROJECT_DIR } from '../project-dir.ts';

export const DEFAULT_CLIENT_DIR = path.join(PROJECT_DIR, 'dist/client');

/**
 * Serves the built client. Hashed assets are cached for a year; index.html never is, so a new
 * deploy reaches browsers at once. Text files go out as the `.br` or `.gz` the build wrote beside
 * them when the browser accepts that encoding (index.html for page routes too), else as they are.
 * Returns a function that answers a page route with index.html, or null when there is no build
 * (tests of the API alone).
 */
export async function registerSpa(
  app: FastifyInstance,
  clientDir: string,
): Promise<((reply: FastifyReply) => FastifyReply) | null> {
  if (!existsSync(path.join(clientDir, 'index.html'))) return null;
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The compressed siblings are chosen by Accept-Encoding, not addressed by URL of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      void reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return (reply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
}
