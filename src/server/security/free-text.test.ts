import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../shared/schemas/common.ts';
import { DEFAULT_RATE_LIMITS } from '../config.ts';
import { createBetAs, createUser, makeFriends, type TestUser } from '../test/fixtures.ts';
import { createTestApp, testDbKind } from '../test/test-app.ts';

/**
 * Every free-text field, through the API: text that hides or imitates (controls, bidi controls,
 * invisible characters, a joiner outside emoji, nothing visible at all) is a 400 that names the
 * field, and changes nothing; text in any script, accents and emoji go through, stored NFC.
 */

const HIDING = {
  'a control character': ['Odds\u0007on', '\u001B[2Jcleared', 'Next\u0085line', 'Tab\there', 'Back\rwards'],
  'a bidi control': ['Pay \u202Eeno\u202C', '\u2066inside\u2069', 'Mark\u200F', 'Arabic mark\u061C'],
  'an invisible character': ['Ye\u200Bs', 'Ye\u00ADs', 'Word\u2060joined', '\uFEFFStart', 'Selector\uFE0F', 'Tag\u{E0041}', '\u3164Filler', 'Private\uE000'],
  'nothing visible': ['\u200B', '\u3164', '\u2800', '\u200B \u2060'],
  'a zero-width joiner outside emoji': ['Ye\u200Ds', '\u200D\u{1F44D}', 'Yes\u200D'],
};
const NEWLINE = 'One\ntwo';

/** Characters no neighbour makes part of a word or an emoji sequence, for random text around them. */
const NEVER_SHOWN = ['\u0001', '\u001B', '\u007F', '\u0085', '\u009B', '\u202A', '\u202E', '\u2067', '\u200E', '\u061C', '\u200B', '\u00AD', '\u2060', '\uFEFF', '\u3164', '\u{E0041}', '\uE000', '\u2028'];
// Not the NUL character, which every request refuses before any field's rule (plugins/text-input.ts).
const randomText = fc.string({ unit: 'grapheme', maxLength: 12 }).map((text) => text.replaceAll('\u0000', ''));

/** Real text, with an accent typed as e + combining accent: it is stored composed. */
const FAIR_TEXT = 'Jose\u0301 日本 مرحبا שלום Ёж \u{1F468}\u200D\u{1F469}\u200D\u{1F467} \u{1F1E7}\u{1F1EA} 1\uFE0F\u20E3';

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

/** Every string a write route's JSON body takes, as "METHOD /path field", from the API's OpenAPI document. */
function writtenStrings(app: FastifyInstance): string[] {
  const found: string[] = [];
  const walk = (schema: JsonSchema | undefined, at: string, name: string) => {
    if (!schema) return;
    const types = [schema.type, ...(schema.anyOf ?? []).map((s) => s.type)].flat();
    if (types.includes('string') && !schema.enum) found.push(`${at} ${name}`);
    for (const [key, inner] of Object.entries(schema.properties ?? {})) walk(inner, at, name ? `${name}.${key}` : key);
    walk(schema.items, at, `${name}[]`);
  };
  const doc = app.swagger() as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>> };
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      walk(operation.requestBody?.content?.['application/json']?.schema, `${method.toUpperCase()} ${path}`, '');
    }
  }
  return found;
}

interface Field {
  name: string;
  /** The route and body field, as the API's OpenAPI document names them. */
  at: string;
  /** The field's name in its message. */
  label: string;
  multiline: boolean;
  /**
   * A name that must not pass for another (a crew's, docs/product.md §6.7): letters of one script,
   * stored NFKC; its fair text keeps to one script.
   */
  oneScript?: { fair: string };
  send(text: string): Promise<LightMyRequestResponse>;
  /** What the field's write would change, read back. */
  state(): Promise<unknown>;
}

describe(`free text in every field on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let ann: TestUser;
  let bob: TestUser;
  let ada: TestUser;
  let betId: number;
  let conversationId: number;
  let reportId: number;
  let reportable: TestUser[];
  const fields: Field[] = [];
  /** The link fields: free text's rules, then a web address, kept as the URL standard writes it. */
  const links: Omit<Field, 'multiline'>[] = [];

  const reportTheBet = async () => {
    const report = await bob.agent.post('/api/reports/content', { kind: 'bet', id: betId, reason: 'Looks like spam' });
    expect(report.statusCode, report.body).toBe(201);
    return report.json().id as number;
  };

  beforeAll(async () => {
    app = await createTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, writesPerMinute: 1_000_000, readsPerMinute: 1_000_000 } });
    ann = await createUser(app, 'Ann');
    bob = await createUser(app, 'Bob');
    ada = await createUser(app, 'Ada', { admin: true });
    await makeFriends(app, ann, bob);
    // A jury bet needs JURY_QUORUM friends who could sit on its jury (docs/product.md §4.6).
    for (const name of ['Juror1', 'Juror2']) await makeFriends(app, ann, await createUser(app, name));
    betId = (await createBetAs(ann)).id;
    conversationId = (await ann.agent.post('/api/conversations', { userId: bob.id })).json().id;
    reportId = await reportTheBet();
    reportable = [ann, ada, await createUser(app, 'Cal')];

    const newBet = { title: 'Fine', description: 'Fine', options: ['Home', 'Away'] };
    const myBets = () => ann.agent.get('/api/my-bets').then((r) => r.json());
    const theBet = () => ann.agent.get(`/api/bets/${betId}`).then((r) => r.json());
    const profile = () => ann.agent.get('/api/users/profile').then((r) => r.json());
    const moderation = () => ada.agent.get('/api/admin/moderation').then((r) => r.json());
    // A jury bet's proposal and its dispute each happen once: each one taken moves to a fresh bet.
    const juryBet = async () => (await createBetAs(ann, { title: 'Jury', resolution: { mode: 'jury' } })).id;
    const proposedBet = async () => {
      const id = await juryBet();
      expect((await bob.agent.post(`/api/bets/${id}/participate`, { option: 0, amount: 1 })).statusCode).toBe(200);
      expect((await ann.agent.post(`/api/bets/${id}/resolve`, { winningOption: 1 })).statusCode).toBe(200);
      return id;
    };
    const crewId = (await ann.agent.post('/api/crews', { name: 'Free text crew' })).json().id as number;
    let toPropose = await juryBet();
    let toDispute = await proposedBet();
    fields.push(
      { name: 'a new bet’s title', at: 'POST /api/bets title', label: 'Title', multiline: false, send: (title) => ann.agent.post('/api/bets', { ...newBet, title }), state: myBets },
      { name: 'a new bet’s description', at: 'POST /api/bets description', label: 'Description', multiline: true, send: (description) => ann.agent.post('/api/bets', { ...newBet, description }), state: myBets },
      { name: 'a new bet’s option', at: 'POST /api/bets options[]', label: 'An option', multiline: false, send: (option) => ann.agent.post('/api/bets', { ...newBet, options: ['Home', option] }), state: myBets },
      { name: 'the creator’s edit of a title', at: 'PUT /api/bets/{id} title', label: 'Title', multiline: false, send: (title) => ann.agent.put(`/api/bets/${betId}`, { title, description: 'Fine' }), state: theBet },
      { name: 'the creator’s edit of a description', at: 'PUT /api/bets/{id} description', label: 'Description', multiline: true, send: (description) => ann.agent.put(`/api/bets/${betId}`, { title: 'Fine', description }), state: theBet },
      { name: 'an admin’s edit of a title', at: 'PUT /api/admin/bets/{id} title', label: 'Title', multiline: false, send: (title) => ada.agent.put(`/api/admin/bets/${betId}`, { title, description: 'Fine' }), state: theBet },
      { name: 'an admin’s edit of a description', at: 'PUT /api/admin/bets/{id} description', label: 'Description', multiline: true, send: (description) => ada.agent.put(`/api/admin/bets/${betId}`, { title: 'Fine', description }), state: theBet },
      {
        name: 'a chat message',
        at: 'POST /api/conversations/{id}/messages text',
        label: 'Message',
        multiline: true,
        send: (text) => ann.agent.post(`/api/conversations/${conversationId}/messages`, { text }),
        state: () => bob.agent.get(`/api/conversations/${conversationId}/messages`).then((r) => r.json()),
      },
      {
        name: 'a comment on a bet',
        at: 'POST /api/bets/{id}/comments text',
        label: 'Message',
        multiline: true,
        send: (text) => bob.agent.post(`/api/bets/${betId}/comments`, { text }),
        state: () => ann.agent.get(`/api/bets/${betId}/comments`).then((r) => r.json()),
      },
      {
        name: 'an adjustment’s reason',
        at: 'POST /api/admin/users/{id}/adjust reason',
        label: 'Reason',
        multiline: false,
        send: (reason) => ada.agent.post(`/api/admin/users/${bob.id}/adjust`, { amount: '5.00', reason }),
        state: () => bob.agent.get('/api/wallet/ledger').then((r) => r.json()),
      },
      {
        name: 'a content report’s reason',
        at: 'POST /api/reports/content reason',
        label: 'Reason',
        multiline: true,
        // A player reports a user once while the report is open: each report taken goes to the next user.
        send: async (reason) => {
          const response = await bob.agent.post('/api/reports/content', { kind: 'user', id: reportable[0]!.id, reason });
          if (response.statusCode < 300) reportable.shift();
          return response;
        },
        state: moderation,
      },
      ...(['resolve', 'dismiss'] as const).map((action) => ({
        name: `a moderation note (${action})`,
        at: `POST /api/admin/moderation/{id}/${action} note`,
        label: 'Note',
        multiline: true,
        // A report is handled once: each note taken is followed by a new report to handle.
        send: async (note: string) => {
          const response = await ada.agent.post(`/api/admin/moderation/${reportId}/${action}`, { note });
          if (response.statusCode < 300) reportId = await reportTheBet();
          return response;
        },
        state: moderation,
      })),
      {
        name: 'a proposal’s evidence',
        at: 'POST /api/bets/{id}/resolve evidence.text',
        label: 'Evidence',
        multiline: true,
        send: async (text: string) => {
          const response = await ann.agent.post(`/api/bets/${toPropose}/resolve`, { winningOption: 0, evidence: { text } });
          if (response.statusCode < 300) toPropose = await juryBet();
          return response;
        },
        state: myBets,
      },
      {
        name: 'a dispute’s reason',
        at: 'POST /api/bets/{id}/dispute reason',
        label: 'Reason',
        multiline: true,
        send: async (reason: string) => {
          const response = await bob.agent.post(`/api/bets/${toDispute}/dispute`, { reason });
          if (response.statusCode < 300) toDispute = await proposedBet();
          return response;
        },
        state: () => ada.agent.get('/api/admin/disputes').then((r) => r.json()),
      },
      {
        name: 'a crew’s name',
        at: 'POST /api/crews name',
        label: 'Crew name',
        multiline: false,
        oneScript: { fair: 'Jose\u0301 \u{1F468}\u200D\u{1F469}\u200D\u{1F467} \u{1F1E7}\u{1F1EA} 1\uFE0F\u20E3' },
        send: (name) => ann.agent.post('/api/crews', { name }),
        state: () => ann.agent.get('/api/crews').then((r) => r.json()),
      },
      {
        name: 'a crew chat message',
        at: 'POST /api/crews/{id}/messages text',
        label: 'Message',
        multiline: true,
        send: (text) => ann.agent.post(`/api/crews/${crewId}/messages`, { text }),
        state: () => ann.agent.get(`/api/crews/${crewId}/messages`).then((r) => r.json()),
      },
      { name: 'a bio', at: 'POST /api/users/profile bio', label: 'Bio', multiline: true, send: (bio) => ann.agent.post('/api/users/profile', { bio }), state: profile },
      { name: 'a location', at: 'POST /api/users/profile location', label: 'Location', multiline: false, send: (location) => ann.agent.post('/api/users/profile', { location }), state: profile },
      { name: 'a favorite category', at: 'POST /api/users/profile favoriteCategory', label: 'Favorite category', multiline: false, send: (favoriteCategory) => ann.agent.post('/api/users/profile', { favoriteCategory }), state: profile },
    );
    links.push(
      {
        name: 'a proposal’s evidence link',
        at: 'POST /api/bets/{id}/resolve evidence.url',
        label: 'Link',
        send: async (url: string) => {
          const response = await ann.agent.post(`/api/bets/${toPropose}/resolve`, { winningOption: 0, evidence: { url } });
          if (response.statusCode < 300) toPropose = await juryBet();
          return response;
        },
        state: myBets,
      },
      {
        name: 'a dispute’s link',
        at: 'POST /api/bets/{id}/dispute url',
        label: 'Link',
        send: async (url: string) => {
          const response = await bob.agent.post(`/api/bets/${toDispute}/dispute`, { reason: 'Fair reason', url });
          if (response.statusCode < 300) toDispute = await proposedBet();
          return response;
        },
        state: () => ada.agent.get('/api/admin/disputes').then((r) => r.json()),
      },
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  const FIELD_NAMES = [
    'a new bet’s title', 'a new bet’s description', 'a new bet’s option', 'the creator’s edit of a title', 'the creator’s edit of a description',
    'an admin’s edit of a title', 'an admin’s edit of a description', 'a chat message', 'a comment on a bet', 'an adjustment’s reason',
    'a content report’s reason', 'a moderation note (resolve)', 'a moderation note (dismiss)', 'a proposal’s evidence', 'a dispute’s reason', 'a crew’s name', 'a crew chat message', 'a bio', 'a location', 'a favorite category',
  ];
  const field = (name: string) => fields.find((f) => f.name === name)!;

  it('covers every text a write route takes, but for those with rules of their own', async () => {
    // The strings that are not free text, each checked by a rule of its own.
    const notFreeText = [
      ...['code', 'state', 'redirect_uri', 'iss'].map((name) => `POST /api/oauth/exchange ${name}`), // the sign-in protocol's values
      'POST /api/complete-profile username', // letters A-Z, digits and underscores only (usernames.test.ts)
      'POST /api/admin/users username',
      'POST /api/admin/users email', // an email address
      'POST /api/admin/users password', // never shown
      'POST /api/account/password currentPassword',
      'POST /api/account/password newPassword',
      'POST /api/account/verify-email token', // a token Betbro mailed
      'POST /api/account/password-reset email',
      'POST /api/account/password-reset/confirm token',
      'POST /api/account/password-reset/confirm newPassword',
      'POST /api/bets expirationValue', // a number of hours or a date
      'POST /api/bets/{id}/participate amount', // an amount
      'POST /api/admin/users/{id}/adjust amount',
      'POST /api/crews startingBalance', // an amount
      'POST /api/push/subscriptions endpoint', // a push service's URL and keys
      'POST /api/push/subscriptions keys.p256dh',
      'POST /api/push/subscriptions keys.auth',
      'DELETE /api/push/subscriptions endpoint',
      'PUT /api/users/preferences quietHours.from', // a time of day, HH:MM
      'PUT /api/users/preferences quietHours.to',
      'PUT /api/users/preferences timeZone', // an IANA name the runtime and the database both know
      'PUT /api/users/preferences locale', // a language tag, one of the catalogues (src/server/i18n.ts)
      'DELETE /api/account confirm', // compared with the username, never stored
    ];
    expect(new Set(writtenStrings(app))).toEqual(new Set([...fields.map((f) => f.at), ...links.map((l) => l.at), ...notFreeText]));
    expect(fields.map((f) => f.name)).toEqual(FIELD_NAMES);
  });

  describe.each(FIELD_NAMES)('%s', (name) => {
    it.each(Object.entries(HIDING))('refuses %s, and changes nothing', async (_, texts) => {
      const { label, send, state } = field(name);
      const before = await state();
      for (const text of texts) {
        const response = await send(text);
        expect(response.statusCode, JSON.stringify(text)).toBe(400);
        expect(errorBodySchema.parse(response.json()), JSON.stringify(text)).toEqual({
          error: `${label} contains invisible or control characters`,
          code: 'invalid_input',
        });
      }
      expect(await state()).toEqual(before);
    });

    it('refuses a hidden character anywhere in random text, and changes nothing', async () => {
      const { label, send, state } = field(name);
      const before = await state();
      await fc.assert(
        fc.asyncProperty(randomText, fc.constantFrom(...NEVER_SHOWN), randomText, async (head, char, tail) => {
          const text = `x${head}${char}${tail}`;
          const response = await send(text);
          expect(response.statusCode, JSON.stringify(text)).toBe(400);
          expect(errorBodySchema.parse(response.json()).error, JSON.stringify(text)).toBe(`${label} contains invisible or control characters`);
        }),
        { numRuns: 8 },
      );
      expect(await state()).toEqual(before);
    });

    it('takes a line break only if it holds lines', async () => {
      const { label, multiline, send, state } = field(name);
      const response = await send(NEWLINE);
      if (multiline) {
        expect(response.statusCode, response.body).toBeLessThan(300);
        expect(JSON.stringify(await state())).toContain(JSON.stringify(NEWLINE));
      } else {
        const before = await state();
        expect(errorBodySchema.parse(response.json())).toEqual({ error: `${label} contains invisible or control characters`, code: 'invalid_input' });
        expect(await state()).toEqual(before);
      }
    });

    it('takes text in any script, with accents and emoji, and keeps it NFC', async () => {
      const { send, state, oneScript } = field(name);
      // A name keeps to one script, and is kept NFKC.
      const fair = oneScript?.fair ?? FAIR_TEXT;
      const response = await send(`  ${fair}  `);
      expect(response.statusCode, response.body).toBeLessThan(300);
      const stored = JSON.stringify(await state());
      expect(stored).toContain(fair.normalize(oneScript ? 'NFKC' : 'NFC'));
      expect(stored).not.toContain(fair);
    });
  });

  describe.each(['a proposal’s evidence link', 'a dispute’s link'])('%s', (name) => {
    const link = () => links.find((l) => l.name === name)!;

    it.each([
      ['a zero-width space', ['https://exa\u200Bmple.com/', 'https://example.com/re\u200Bplay', 'https://example.com/\u2060']],
      ['a control character', ['https://example.com/\u0007', 'https://example.com/\u001B[2J', 'https://example.com/a\u007F']],
      ['a tab', ['https://example.com/\treplay', 'https://exa\tmple.com/', 'https://example.com/replay\t?x=1']],
      ['a line break', ['https://example.com/\nreplay', 'https://example.com/\r\nreplay', 'https://exa\nmple.com/']],
      ['a bidi control', ['https://example.com/\u202Egnp.exe', 'https://\u202Eexample.com/', 'https://example.com/\u2066x\u2069']],
    ])('refuses %s anywhere in the link, and changes nothing', async (_, urls) => {
      const { send, state } = link();
      const before = await state();
      for (const url of urls) {
        const response = await send(url);
        expect(response.statusCode, JSON.stringify(url)).toBe(400);
        expect(errorBodySchema.parse(response.json()), JSON.stringify(url)).toEqual({ error: 'Link contains invisible or control characters', code: 'invalid_input' });
      }
      expect(await state()).toEqual(before);
    });

    it('refuses what is not a web address, and changes nothing', async () => {
      const { send, state } = link();
      const before = await state();
      for (const url of ['javascript:alert(1)', 'data:text/html,hi', 'example.com', 'ftp://example.com/']) {
        expect(errorBodySchema.parse((await send(url)).json()), url).toEqual({ error: 'Link must be a web address', code: 'invalid_input' });
      }
      expect(await state()).toEqual(before);
    });

    it('keeps the address as the URL standard writes it', async () => {
      const { send, state } = link();
      const response = await send(' HTTPS://Bücher.Example:443/a b/../Straße?x=1#top ');
      expect(response.statusCode, response.body).toBeLessThan(300);
      expect(JSON.stringify(await state())).toContain('"https://xn--bcher-kva.example/Stra%C3%9Fe?x=1#top"');
    });
  });

  describe('a bet’s options', () => {
    it.each([
      [['Yes', 'Yes\u200B'], 'An option contains invisible or control characters'],
      [['Yes', 'Ye\u00ADs'], 'An option contains invisible or control characters'],
      [['Yes', '\u03A5es'], 'Options must not look alike'], // a Greek capital upsilon
      [['Yes', 'No', 'Y\u0435s'], 'Options must not look alike'], // a Cyrillic small ie
      [['H0me', 'Away', 'Home'], 'Options must not look alike'],
      [['Yes', 'YES'], 'Options must be different'],
    ])('refuses %j, and creates nothing', async (options, message) => {
      const before = (await ann.agent.get('/api/my-bets')).json();
      const response = await ann.agent.post('/api/bets', { title: 'Look-alikes', description: 'Fine', options });
      expect(response.statusCode, response.body).toBe(400);
      expect(errorBodySchema.parse(response.json())).toEqual({ error: message, code: 'invalid_input' });
      expect((await ann.agent.get('/api/my-bets')).json()).toEqual(before);
    });

    it('takes options that only look related', async () => {
      const response = await ann.agent.post('/api/bets', { title: 'Related', description: 'Fine', options: ['Yes', 'Yes!', 'Café', 'Cafe', '\u{1F44D}', '\u{1F44D}\u{1F3FF}'] });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().options).toEqual(['Yes', 'Yes!', 'Café', 'Cafe', '\u{1F44D}', '\u{1F44D}\u{1F3FF}']);
    });
  });
});
