import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../shared/schemas/common.ts';
import { verifyEmailOf } from '../test/mail.ts';
import { signIn } from '../test/sign-in.ts';
import { listeningConfig } from '../test/sockets.ts';
import { createTestApp, testDbKind } from '../test/test-app.ts';

/** The headers every answer carries (helmet's set); HSTS only behind https. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** A path segment no answer may repeat: a refusal names no part of the request. */
const MARKER = 'echo-marker';

interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

function expectRefusal(answer: Answer, reference: Answer, status: number, code: string) {
  expect(answer.statusCode, answer.body).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const body = errorBodySchema.unwrap().strict().parse(JSON.parse(answer.body));
  expect(body.code).toBe(code);
  expect(body.error).not.toMatch(/FST_|at .*\.js|Error:|statusCode/);
  expect(answer.body).not.toContain(MARKER);
  expect(answer.body).not.toContain('/api');
  for (const name of SECURITY_HEADERS) {
    expect(reference.headers[name], name).toBeTruthy();
    expect(answer.headers[name], name).toBe(reference.headers[name]);
  }
}

describe(`every error under /api in the API's shape on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let cookie: string;
  let reference: Answer;

  beforeAll(async () => {
    // An admin, so that the admin routes' parameters are checked too.
    app = await createTestApp({ adminEmails: ['framework@betbro.test'] });
    const { agent } = await signIn(app, 'framework@betbro.test');
    await verifyEmailOf(app, 'framework@betbro.test', agent);
    cookie = `betbro_session=${agent.cookie('betbro_session')}`;
    reference = await app.inject({ method: 'GET', url: '/api/auth/user' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const send = (method: 'GET' | 'POST', url: string, contentType: string | null, payload?: string) =>
    app.inject({ method, url, headers: { cookie, ...(contentType ? { 'content-type': contentType } : {}) }, ...(payload === undefined ? {} : { payload }) });

  it.each([
    ['malformed JSON', () => send('POST', '/api/bets', 'application/json', '{"title": '), 400, 'invalid_input'],
    ['JSON that is not an object', () => send('POST', '/api/bets', 'application/json', 'nul'), 400, 'invalid_input'],
    ['an unknown route', () => send('GET', `/api/no-such-thing/${MARKER}`, null), 404, 'not_found'],
    ['an unknown route with a malformed body', () => send('POST', `/api/${MARKER}`, 'application/json', '{oops'), 404, 'not_found'],
    ['an unknown route with a foreign body', () => send('POST', `/api/${MARKER}`, 'text/plain', 'hello'), 404, 'not_found'],
    ['a plain-text body', () => send('POST', '/api/bets', 'text/plain', 'a bet, please'), 415, 'unsupported_media_type'],
    ['an XML body', () => send('POST', '/api/bets', 'application/xml', '<bet/>'), 415, 'unsupported_media_type'],
    ['a body without a content type', () => send('POST', '/api/bets', null, 'x'), 415, 'unsupported_media_type'],
    ['a body over the limit', () => send('POST', '/api/bets', 'application/json', JSON.stringify({ title: 'x'.repeat(200 * 1024) })), 413, 'payload_too_large'],
    ['an overlong path parameter', () => send('GET', `/api/bets/${MARKER}${'9'.repeat(200)}`, null), 414, 'uri_too_long'],
    ['an overlong token', () => send('GET', `/api/invites/${MARKER}${'a'.repeat(200)}`, null), 414, 'uri_too_long'],
    ['malformed percent-encoding in a parameter', () => send('GET', `/api/invites/${MARKER}%E0%A4%A`, null), 400, 'invalid_url'],
    ['malformed percent-encoding in the path', () => send('GET', `/api/${MARKER}/%zz`, null), 400, 'invalid_url'],
  ] as const)('answers %s with {error, code}, the security headers and no echo of the path', async (_name, request, status, code) => {
    expectRefusal(await request(), reference, status, code);
  });

  it.each([
    '/api/bets?before=2147483648',
    '/api/bets?before=99999999999999999999',
    '/api/bets?before=0',
    '/api/bets?before=-1',
    '/api/bets?before=1.5',
    '/api/activities?before=2147483648',
    '/api/notifications?before=99999999999999999999',
    '/api/wallet/ledger?before=2147483648',
    '/api/admin/audit-log?before=2147483648',
    '/api/admin/audit-log?targetId=2147483648',
    '/api/bets/2147483648',
    '/api/bets/0',
    '/api/bets/99999999999999999999/history',
    '/api/bets/user/2147483648',
  ])('refuses %s: ids and cursors are 1 to 2147483647', async (url) => {
    const response = await send('GET', url, null);
    expect(response.statusCode, response.body).toBe(400);
    expect(errorBodySchema.unwrap().strict().parse(response.json()).code).toBe('invalid_input');
  });

  it('takes the largest id and cursor the columns hold', async () => {
    expect((await send('GET', '/api/bets?before=2147483647', null)).statusCode).toBe(200);
    expect((await send('GET', '/api/bets/2147483647', null)).statusCode).toBe(404);
  });
});

/** Sends `request` as written on a new connection and reads the answer until the server closes it. */
function rawExchange(port: number, request: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers: Answer['headers'] = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ statusCode: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(request);
  });
}

const get = (path: string, extraHeaders = ''): string => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extraHeaders}Connection: close\r\n\r\n`;

describe(`refusals before the framework's handlers, over a real connection, on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let port: number;
  let reference: Answer;

  beforeAll(async () => {
    app = await createTestApp(await listeningConfig());
    port = app.config.port;
    await app.listen({ port, host: '127.0.0.1' });
    reference = await rawExchange(port, get('/api/auth/user'));
  });
  afterAll(async () => {
    await app?.close();
  });

  it.each([
    ['headers over the size limit', get(`/api/${MARKER}`, `X-Filler: ${'a'.repeat(20_000)}\r\n`), 431, 'headers_too_large'],
    ['a request line over the size limit', get(`/api/${MARKER}/${'a'.repeat(20_000)}`), 431, 'headers_too_large'],
    ['a malformed header', `GET /api/${MARKER} HTTP/1.1\r\nHost: 127.0.0.1\r\nno colon here\r\n\r\n`, 400, 'bad_request'],
    ['a malformed request line', `GET /api/${MARKER} NOT-HTTP\r\n\r\n`, 400, 'bad_request'],
    ['an overlong path parameter', get(`/api/bets/${MARKER}${'9'.repeat(200)}`), 414, 'uri_too_long'],
    ['malformed percent-encoding', get(`/api/invites/${MARKER}%E0%A4%A`), 400, 'invalid_url'],
    ['an unknown route', get(`/api/${MARKER}`), 404, 'not_found'],
  ] as const)('answers %s with {error, code}, the security headers and no echo of the request', async (_name, request, status, code) => {
    const answer = await rawExchange(port, request);
    expectRefusal(answer, reference, status, code);
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
  });
});
