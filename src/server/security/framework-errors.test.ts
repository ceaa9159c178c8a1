import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../shared/schemas/common.ts';
import { signIn } from '../test/sign-in.ts';
import { createTestApp, testDbKind } from '../test/test-app.ts';

describe(`every error under /api in the API's shape on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    app = await createTestApp();
    const { agent } = await signIn(app, 'framework@betbro.test');
    cookie = `betbro_session=${agent.cookie('betbro_session')}`;
  });
  afterAll(async () => {
    await app?.close();
  });

  const send = (method: 'GET' | 'POST', url: string, contentType: string | null, payload?: string) =>
    app.inject({ method, url, headers: { cookie, ...(contentType ? { 'content-type': contentType } : {}) }, ...(payload === undefined ? {} : { payload }) });

  it.each([
    ['malformed JSON', () => send('POST', '/api/bets', 'application/json', '{"title": '), 400, 'invalid_input'],
    ['JSON that is not an object', () => send('POST', '/api/bets', 'application/json', 'nul'), 400, 'invalid_input'],
    ['an unknown route', () => send('GET', '/api/no-such-thing', null), 404, 'not_found'],
    ['an unknown route with a malformed body', () => send('POST', '/api/no-such-thing', 'application/json', '{oops'), 404, 'not_found'],
    ['an unknown route with a foreign body', () => send('POST', '/api/no-such-thing', 'text/plain', 'hello'), 404, 'not_found'],
    ['a plain-text body', () => send('POST', '/api/bets', 'text/plain', 'a bet, please'), 415, 'unsupported_media_type'],
    ['an XML body', () => send('POST', '/api/bets', 'application/xml', '<bet/>'), 415, 'unsupported_media_type'],
    ['a body without a content type', () => send('POST', '/api/bets', null, 'x'), 415, 'unsupported_media_type'],
    ['a body over the limit', () => send('POST', '/api/bets', 'application/json', JSON.stringify({ title: 'x'.repeat(200 * 1024) })), 413, 'payload_too_large'],
  ] as const)('answers %s with {error, code}', async (_name, request, status, code) => {
    const response = await request();
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = errorBodySchema.strict().parse(response.json());
    expect(body.code).toBe(code);
    expect(body.error).not.toMatch(/FST_|at .*\.js|Error:/);
  });
});
