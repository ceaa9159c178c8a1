import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPageSchema, preferencesSchema } from '../shared/schemas/notifications.ts';
import { notify, presentToOwner, notifications } from './features/notifications/service.ts';
import { pushPayloadOf } from './features/push/service.ts';
import { createUser } from './test/fixtures.ts';
import { HttpAgent } from './test/http-agent.ts';
import { drainMail, startMailServer, type TestMailServer } from './test/mail.ts';
import { authorize, exchange, randomHexState } from './test/sign-in.ts';
import { createTestApp, testDbKind } from './test/test-app.ts';
import { acceptedLanguages, matchLocale } from '../shared/i18n/locale.ts';
import { LOCALES, wordsIn } from './i18n.ts';
import { eq } from 'drizzle-orm';
import { mailQueuedNotifications } from './features/mail/service.ts';

const UNTIL = '2026-11-28T23:07:00.000Z';

describe('a request’s language', () => {
  it('reads Accept-Language by preference, and falls back from a region to its language', () => {
    expect(acceptedLanguages('fr-CA,fr;q=0.9,en;q=0.8')).toEqual(['fr-CA', 'fr', 'en']);
    expect(acceptedLanguages('en;q=0.1, de;q=0.7, *;q=0.5, it;q=0')).toEqual(['de', 'en']);
    expect(matchLocale(['fr-CA'], LOCALES)).toBe('fr');
    expect(matchLocale(['pt-PT'], LOCALES)).toBe('pt-BR');
    expect(matchLocale(['pt-br'], LOCALES)).toBe('pt-BR');
    expect(matchLocale(['it', 'es-MX'], LOCALES)).toBe('es');
    expect(matchLocale(['it', 'ja'], LOCALES)).toBeNull();
  });
});

describe(`languages on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let smtp: TestMailServer;

  beforeAll(async () => {
    smtp = await startMailServer();
    app = await createTestApp({ mail: { smtpUrl: smtp.url, from: 'Betbro <no-reply@betbro.test>', retryDelaysMs: [50], pollIntervalMs: 50 } });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  /** Signs `email` in through the built-in provider from a browser that sends `headers` (and the landing page's choice, `chosen`). */
  async function signInFrom(email: string, headers: Record<string, string>, chosen?: string) {
    const agent = new HttpAgent(app, headers);
    if (chosen) agent.setCookie('betbro_locale', chosen);
    const { callback } = await authorize(agent, { email, password: 'correct horse battery' }, randomHexState());
    const response = await exchange(agent, callback, app.config.publicUrl);
    expect(response.statusCode, response.body).toBe(200);
    return agent;
  }
  const localeOf = async (agent: HttpAgent) => preferencesSchema.parse((await agent.get('/api/users/preferences')).json()).locale;

  it('takes a new player’s language from their browser at the first sign-in, and keeps it at the next', async () => {
    expect(await localeOf(await signInFrom('claude@betbro.test', { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' }))).toBe('fr');
    expect(await localeOf(await signInFrom('joana@betbro.test', { 'accept-language': 'pt-PT,pt;q=0.9' }))).toBe('pt-BR');
    expect(await localeOf(await signInFrom('gianni@betbro.test', { 'accept-language': 'it-IT, it;q=0.9, de;q=0.5' }))).toBe('de');
    expect(await localeOf(await signInFrom('hiro@betbro.test', { 'accept-language': 'ja' }))).toBe('en');
    expect(await localeOf(await signInFrom('nobody@betbro.test', {}))).toBe('en');
    // The landing page's choice, made on this device before sign-in, wins over the browser's.
    expect(await localeOf(await signInFrom('layla@betbro.test', { 'accept-language': 'de' }, 'ar'))).toBe('ar');
    // A returning player keeps theirs, whatever this browser asks for.
    expect(await localeOf(await signInFrom('claude@betbro.test', { 'accept-language': 'es' }))).toBe('fr');
  });

  it('refuses a language it does not speak, and changes nothing', async () => {
    const agent = await signInFrom('refused@betbro.test', { 'accept-language': 'de' });
    for (const [body, code] of [
      [{ locale: 'it' }, 'unsupported_locale'],
      [{ locale: 'pt-PT' }, 'unsupported_locale'],
      [{ locale: 'EN' }, 'invalid_input'],
      [{ locale: 'de<script>' }, 'invalid_input'],
      [{ locale: 42 }, 'invalid_input'],
      [{ locale: null }, 'invalid_input'],
    ] as const) {
      const response = await agent.put('/api/users/preferences', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code, error: expect.any(String) });
    }
    expect(await localeOf(agent)).toBe('de');
    const changed = await agent.put('/api/users/preferences', { locale: 'ar' });
    expect(changed.statusCode).toBe(200);
    expect(await localeOf(agent)).toBe('ar');
  });

  it('shows the provider’s sign-in page in the browser’s language', async () => {
    const pageFor = async (headers: Record<string, string>) => {
      const agent = new HttpAgent(app, headers);
      let response = await agent.get(`/api/login?state=${randomHexState()}`);
      for (let hops = 0; hops < 3 && [302, 303].includes(response.statusCode); hops += 1) response = await agent.get(String(response.headers.location));
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    const french = await pageFor({ 'accept-language': 'fr-FR,fr;q=0.9' });
    const t = wordsIn('fr');
    expect(french).toContain('<html lang="fr" dir="ltr">');
    expect(french).toContain(`<h1>${t('provider.login.title')}</h1>`);
    expect(t('provider.login.title')).not.toBe(wordsIn('en')('provider.login.title'));
    expect(await pageFor({ 'accept-language': 'ar' })).toContain('<html lang="ar" dir="rtl">');
    expect(await pageFor({})).toContain('<h1>Sign in to Betbro</h1>');
  });

  it('words a notification, its push and its mail in the reader’s language and clock, and an old one again after a change', async () => {
    const greta = await createUser(app, 'Greta', { locale: 'de' });
    expect((await greta.agent.put('/api/users/preferences', { timeZone: 'Europe/Berlin', email: { bet_proposed: 'instant' } })).statusCode).toBe(200);
    await notify(app.db, { userId: greta.id, type: 'bet_proposed', params: { option: 'Ja', bet: 'Derby', until: UNTIL } });

    const read = async () => notificationPageSchema.parse((await greta.agent.get('/api/notifications')).json()).notifications[0]!;
    const german = await read();
    const de = wordsIn('de');
    expect(german.title).toBe(de('notice.betProposed.title'));
    // 23:07 UTC is 00:07 on the 29th in Berlin, written the German way.
    expect(german.body).toBe(de('notice.betProposed.body', { option: 'Ja', bet: 'Derby', until: '29. Nov., 00:07' }));
    expect(german.title).not.toBe('Result proposed');

    // The push says what the list says.
    const [row] = await app.db.select().from(notifications).where(eq(notifications.userId, greta.id));
    const push = pushPayloadOf(await presentToOwner(app.db, row!), app.config.publicUrl);
    expect(push).toMatchObject({ title: german.title, body: german.body });

    // The mail too, from its subject to its foot.
    expect(await mailQueuedNotifications(app)).toBe(1);
    await drainMail(app);
    const mail = await smtp.waitFor((m) => JSON.stringify(m.to).includes('greta@betbro.test'));
    expect(mail.subject).toBe(german.title);
    expect(mail.text).toContain(german.body);
    expect(mail.text).toContain(de('mail.greeting', { name: 'Greta' }));
    expect(mail.html).toContain('<html lang="de" dir="ltr">');

    // A change of language rewords the notification already stored.
    expect((await greta.agent.put('/api/users/preferences', { locale: 'fr' })).statusCode).toBe(200);
    const french = await read();
    expect(french.id).toBe(german.id);
    expect(french.title).toBe(wordsIn('fr')('notice.betProposed.title'));
    expect(french.body).toContain('29 nov., 00:07');
  });
});
