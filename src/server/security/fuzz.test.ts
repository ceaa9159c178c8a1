import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../shared/schemas/common.ts';
import { users } from '../features/users/service.ts';
import { auditLedger } from '../features/wallet/service.ts';
import { createTestApp, testDbKind } from '../test/test-app.ts';
import { buildWorld, type World } from '../test/world.ts';
import { DEFAULT_RATE_LIMITS } from '../config.ts';

/**
 * Malformed input at every write route, sent by an admin (who reaches the deepest code): huge
 * and unicode strings, wrong types, negative / fractional / enormous amounts, forged ids. Never
 * a 5xx, always the error shape of docs/product.md §11.2, and a refused request never moves money.
 */

const FIELDS = [
  'amount', 'option', 'winningOption', 'title', 'description', 'options', 'category', 'expirationType', 'expirationValue',
  'addresseeId', 'userId', 'text', 'username', 'email', 'password', 'role', 'reason', 'kind', 'id', 'bio', 'location',
  'favoriteCategory', 'theme', 'notifications', 'privacy', 'code', 'state', 'redirect_uri', 'currentPassword', 'newPassword', 'note',
  'betId', 'endpoint', 'keys', 'expirationTime', 'url', 'evidence', 'resolution', 'crewId', 'name', 'token', 'confirm',
];

/**
 * Characters that never show as themselves wherever they stand (src/shared/user-text.ts):
 * controls, bidi controls, invisible and format characters, private use.
 */
const NEVER_SHOWN = ['\u0007', '\u001B', '\u007F', '\u0085', '\u009B', '\u202E', '\u2066', '\u200F', '\u061C', '\u200B', '\u00AD', '\u2060', '\uFEFF', '\u3164', '\u{E0041}', '\uE000', '\u2028'];
/** And those that show only inside an emoji sequence or a word of a joining script. */
const SHOWN_IN_SEQUENCES = ['\u200D', '\u200C', '\uFE0F', '\u{E007F}'];
const hidingText = fc
  .tuple(fc.string({ unit: 'grapheme', maxLength: 8 }), fc.constantFrom(...NEVER_SHOWN, ...SHOWN_IN_SEQUENCES), fc.string({ unit: 'grapheme', maxLength: 8 }))
  .map(([head, char, tail]) => `${head}${char}${tail}`);
/** Real text that must go through: scripts, accents typed either way, emoji sequences. */
const worldText = fc.constantFrom(
  'Jos\u00E9', 'Jose\u0301', '日本語', 'مرحبا', 'שלום', 'Ёжик', 'می\u200Cخواهم', 'क्\u200Dष',
  '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}', '\u{1F3F3}\uFE0F\u200D\u{1F308}', '\u{1F1E7}\u{1F1EA}', '1\uFE0F\u20E3', '\u{1F44D}\u{1F3FF}',
  '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}',
);
const NEVER_SHOWN_PATTERN = new RegExp(`[${NEVER_SHOWN.join('')}]`, 'u');

const weird = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  hidingText,
  worldText,
  fc.array(fc.oneof(hidingText, worldText), { maxLength: 4 }),
  fc.constant('x'.repeat(20_000)),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 0.001, 0.5, 1.005, -0.01, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 2 ** 64, '1e400', 'NaN', '-5', '1,000.00', null, true, false, [], {}, '💸🎲', '\u0000', '<script>alert(1)</script>', "'; drop table users; --"),
  fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.integer()), { maxLength: 12 }),
);
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), weird, { maxKeys: 6 }),
  fc.anything({ maxDepth: 2 }),
);
/** A body that would pass at a route taking free text, but for one text field that hides something. */
const hidingBody = (betId: number) =>
  fc
    .tuple(fc.constantFrom('title', 'description', 'options', 'text', 'reason', 'note', 'bio', 'location', 'favoriteCategory', 'url', 'evidence', 'name'), hidingText)
    .map(([field, text]) => ({
      title: 'Fair title',
      description: 'Fair description',
      options: ['Home', 'Away'],
      text: 'Fair text',
      reason: 'Fair reason',
      note: 'Fair note',
      bio: 'Fair bio',
      name: 'Fair name',
      amount: '1.00',
      kind: 'bet',
      id: betId,
      // A link that hides something in its path (evidence: a proposal's link).
      ...(field === 'url' || field === 'evidence'
        ? { url: `https://example.com/${text}`, evidence: { text: 'Fair evidence', url: `https://example.com/${text}` } }
        : { [field]: field === 'options' ? ['Home', text] : text }),
    }));
const forgedId = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom('2147483648', '99999999999999999999', 'abc', '1.5', '%20', '-0', '0x10'));

describe(`fuzzing every write route on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let world: World;

  beforeAll(async () => {
    app = await createTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerIp: 1000, loginPerEmailAndIp: 1000, writesPerMinute: 1_000_000, readsPerMinute: 1_000_000 } });
    world = await buildWorld(app);
    // Money in play: a friend's stake on the matrix bet.
    await world.users.friend.agent.post(`/api/bets/${world.betId}/participate`, { option: 0, amount: 25 });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Every text and JSON value in the database that matches `pattern`, as "table.column: value". */
  const storedTextsHolding = (pattern: RegExp) =>
    app.database.withConnection(async (query) => {
      const columns = await query<{ table_name: string; column_name: string }>(
        `select table_name, column_name from information_schema.columns
         where table_schema = current_schema() and data_type in ('text', 'character varying', 'json', 'jsonb')`,
      );
      const found: string[] = [];
      for (const { table_name: table, column_name: column } of columns) {
        const rows = await query<{ value: string }>(`select "${column}"::text as value from "${table}" where "${column}" is not null`);
        for (const { value } of rows) if (pattern.test(value)) found.push(`${table}.${column}: ${JSON.stringify(value)}`);
      }
      return found;
    });

  const balances = async () =>
    Object.fromEntries((await app.db.select({ id: users.id, balance: users.balanceCents }).from(users)).map((u) => [u.id, u.balance]));

  it('never answers 5xx, always with the error shape, never moving money on a refusal', async () => {
    const routes = app.apiRoutes.filter((r) => r.method !== 'GET');
    expect(routes.length).toBeGreaterThan(30);
    const realIds = [world.betId, world.conversationId, world.users.user.id, world.users.creator.id];
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(fc.oneof(forgedId, fc.constantFrom(...realIds)), fc.oneof(body, hidingBody(world.betId)), fc.boolean(), async (id, payload, raw) => {
          // Every path parameter (an id, a user's id, a token) gets the forged or real value.
          const url = route.url.replace(/:\w+/g, encodeURIComponent(String(id)));
          const agent = await world.agentFor('admin');
          const before = await balances();
          const response = raw
            ? await app.inject({
                method: route.method as 'POST',
                url,
                headers: { 'content-type': 'application/json', cookie: `betbro_session=${agent.cookie('betbro_session')}` },
                payload: '{"amount": 1, "option": ',
              })
            : await agent.request(route.method as 'POST', url, { json: payload });
          const label = `${route.method} ${url} ${JSON.stringify(payload)?.slice(0, 200)}`;
          expect(response.statusCode, label).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(errorBodySchema.safeParse(response.json()).success, label).toBe(true);
            expect(response.body, label).not.toMatch(/\bat .+\.ts:\d+/);
            expect(await balances(), label).toEqual(before);
          }
        }),
        { numRuns: 12 },
      );
    }
    expect((await auditLedger(app.db)).violations).toEqual([]);
    // Whatever went through, no text the app keeps holds a character that does not show.
    expect(await storedTextsHolding(NEVER_SHOWN_PATTERN)).toEqual([]);
  }, 300_000);
});

describe(`cookies and headers on ${testDbKind}`, () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ publicUrl: 'https://betbro.example', trustProxy: 1 });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('marks cookies Secure behind https and sends HSTS and a strict CSP', async () => {
    const login = await app.inject({
      method: 'GET',
      url: '/api/login',
      headers: { host: 'betbro.example', 'x-forwarded-proto': 'https' },
    });
    expect(login.statusCode).toBe(302);
    const flow = [login.headers['set-cookie']].flat().join('\n');
    expect(flow).toMatch(/betbro_oidc=[^;]+;.*Secure/i);
    expect(flow).toMatch(/HttpOnly/i);
    expect(String(login.headers.location)).toMatch(/^https:\/\/betbro\.example\/oidc\/auth\?/);

    const logout = await app.inject({ method: 'POST', url: '/api/logout', headers: { host: 'betbro.example', 'x-forwarded-proto': 'https' } });
    expect([logout.headers['set-cookie']].flat().join('\n')).toMatch(/betbro_session=;.*Secure/i);
    expect(logout.headers['strict-transport-security']).toContain('max-age=');
    const csp = String(logout.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('upgrade-insecure-requests');
    expect(logout.headers['x-content-type-options']).toBe('nosniff');
    expect(logout.headers['referrer-policy']).toBe('no-referrer');
  });
});
