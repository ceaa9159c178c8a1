import { createHash, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import middie from '@fastify/middie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { getOrCreateSecret } from '../db/secrets.ts';
import type { RateLimiter } from '../plugins/rate-limit.ts';
import { createAdapterClass, sweepExpiredPayloads } from './adapter.ts';
import { newPasswordProblem } from '../password-policy.ts';
import type { Tx } from '../db/transaction.ts';
import {
  checkPassword,
  checkPasswordOfNobody,
  createLocalAccount,
  findLocalAccountByEmail,
  findLocalAccountById,
  loginFormSchema,
  type LocalAccount,
} from './local-accounts.ts';
import { AUTO_SUBMIT_LOGOUT_SCRIPT, loginPage, logoutPage, messagePage, type PageWords } from './pages.ts';
import { LOCALE_COOKIE, requestWords, said } from '../i18n.ts';

/**
 * The embedded OpenID Connect provider (docs/decisions/002-auth.md): oidc-provider mounted at
 * /oidc, its state in our database, signing keys made on first start and kept there. Its login
 * page lives at /interaction/:uid, outside /oidc, because everything under /oidc belongs to the
 * provider.
 *
 * It is infrastructure, not a feature: a stand-in for an external identity provider, which
 * OIDC_ISSUER_URL replaces entirely. The app's features talk to it as a relying party talks to
 * any issuer (features/auth), and it knows none of them; like the plugins, it may use the other
 * infrastructure (the database's secrets, the rate limiter). The mail a new account's owner gets
 * is handed in by app.ts (`newAccountMail`, features/account). This file is its one public entry:
 * what the features may use of its accounts, tokens, tables and pages is exported from here.
 */

export {
  createLocalAccount,
  findLocalAccountByEmail,
  findLocalAccountById,
  checkPassword,
  hashPassword,
  markLocalEmailVerified,
  setLocalPassword,
  setLocalPasswordHash,
  type LocalAccount,
} from './local-accounts.ts';
export { accountOfToken, issueAccountToken, spendToken, spendTokensOf } from './account-tokens.ts';
export { accountTokens, localAccounts, oidcPayloads } from './tables.ts';
export { confirmPage, messagePage, type PageWords } from './pages.ts';

/**
 * The mail a new account's owner gets: `queue` in the transaction that creates the account (it
 * verifies their email), `wake` once it has committed.
 */
export interface NewAccountMail {
  /** `locale`: the language of the page the account was made on. */
  queue: (tx: Tx, account: LocalAccount, locale: string) => Promise<void>;
  wake: () => void;
}

export const EMBEDDED_CLIENT_ID = 'betbro';
export const OIDC_SCOPES = 'openid email profile offline_access';

export const embeddedIssuerUrl = (publicUrl: string) => `${publicUrl}/oidc`;

/**
 * The issuer recorded on identities of the built-in provider's accounts. It is a constant, not
 * the provider's URL, so that changing PUBLIC_URL (a new domain, a different port) does not
 * orphan every account. Configured as an external issuer, the provider is treated like any
 * other: its URL is the issuer.
 */
export const EMBEDDED_IDENTITY_ISSUER = 'urn:betbro:embedded-provider';

export function identityIssuerOfLocalAccounts(config: { oidc: { issuerUrl: string } | null }): string {
  return config.oidc ? config.oidc.issuerUrl.replace(/\/+$/, '') : EMBEDDED_IDENTITY_ISSUER;
}

/** The provider is ours when no issuer is configured, or the configured one is our own /oidc. */
export function usesEmbeddedProvider(app: FastifyInstance): boolean {
  const { oidc, publicUrl } = app.config;
  return oidc === null || oidc.issuerUrl.replace(/\/+$/, '') === embeddedIssuerUrl(publicUrl);
}

function newSigningKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), use: 'sig', alg: 'RS256' };
}

/** Lets one inline script run on a provider page by adding its hash to the page's CSP. */
/** The language and words of a provider page the protocol library draws (its Koa context). */
const wordsOfContext = (ctx: KoaContextWithOIDC): PageWords =>
  requestWords({ headers: ctx.headers, cookies: { [LOCALE_COOKIE]: ctx.cookies.get(LOCALE_COOKIE) ?? undefined } });

function allowInlineScript(ctx: KoaContextWithOIDC, script: string) {
  const csp = ctx.response.get('content-security-policy');
  if (!csp) return;
  const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  ctx.set('content-security-policy', csp.replace(/script-src ([^;]*)/, `script-src $1 ${hash}`));
}

export async function registerEmbeddedProvider(
  app: FastifyInstance,
  options: { clientId: string; clientSecret: string; limiter: RateLimiter; newAccountMail: NewAccountMail },
): Promise<Provider> {
  const { config, db } = app;
  const jwks = await getOrCreateSecret(db, 'oidc_jwks', () => ({ keys: [newSigningKey()] }));
  const cookieKeys = await getOrCreateSecret(db, 'oidc_cookie_keys', () => [randomBytes(32).toString('hex')]);

  const configuration: Configuration = {
    adapter: createAdapterClass(db),
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        client_name: 'Betbro',
        redirect_uris: [`${config.publicUrl}/auth-callback`],
        post_logout_redirect_uris: [config.publicUrl, `${config.publicUrl}/`],
        response_types: ['code'],
        grant_types: ['authorization_code', 'refresh_token'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: jwks as Configuration['jwks'],
    cookies: { keys: cookieKeys },
    scopes: OIDC_SCOPES.split(' '),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username'] },
    // Put the email in the ID token itself, so the app needs no extra userinfo call.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          allowInlineScript(ctx, AUTO_SUBMIT_LOGOUT_SCRIPT);
          ctx.type = 'html';
          ctx.body = logoutPage(wordsOfContext(ctx), form);
        },
        postLogoutSuccessSource: async (ctx) => {
          const words = wordsOfContext(ctx);
          ctx.type = 'html';
          ctx.body = messagePage(words, words.t('provider.signedOut.title'), words.t('provider.signedOut.body'), {
            href: config.publicUrl,
            text: words.t('provider.back'),
          });
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `${config.publicUrl}/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = /^\d+$/.test(sub) ? await findLocalAccountById(db, Number(sub)) : null;
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          // True once the owner followed the link mailed at sign-up (docs/product.md §9.2).
          email_verified: account.emailVerifiedAt !== null,
          preferred_username: account.email.split('@')[0],
        }),
      };
    },
    // Betbro is the provider's only client and first-party: consent is implicit.
    async loadExistingGrant(ctx) {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(OIDC_SCOPES);
      await grant.save();
      return grant;
    },
    renderError: async (ctx, out) => {
      const words = wordsOfContext(ctx);
      ctx.type = 'html';
      // The protocol's own description stays as the provider library says it (English).
      ctx.body = messagePage(words, words.t('provider.error.title'), out.error_description ?? out.error ?? words.t('provider.error.body'), {
        href: config.publicUrl,
        text: words.t('provider.return'),
      });
    },
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
    },
  };

  const provider = new Provider(embeddedIssuerUrl(config.publicUrl), configuration);
  answerAtPublicUrl(provider, config.publicUrl);

  await app.register(middie);
  app.use('/oidc', provider.callback());

  const sweep = setInterval(() => void sweepExpiredPayloads(db).catch(() => {}), 15 * 60 * 1000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  await app.register(async (scope) => {
    // The login form posts urlencoded fields; only these routes accept that.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 10_000 }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    registerInteractionRoutes(scope, provider, options);
  });
  return provider;
}

/**
 * The provider names its endpoints, forms and redirects after the request's protocol and host
 * (Koa's `ctx.href`): they come from PUBLIC_URL instead, whatever Host or X-Forwarded-* header
 * a client sends, so no one can make the discovery document or a form point elsewhere. Koa's
 * request prototype of the provider's own app is where these are read; forwarded headers are
 * never believed (the client's address, where it matters, is Fastify's, per TRUST_PROXY).
 */
function answerAtPublicUrl(provider: Provider, publicUrl: string) {
  const { protocol, host } = new URL(publicUrl);
  provider.proxy = false;
  Object.defineProperties(provider.request, {
    protocol: { get: () => protocol.slice(0, -1) },
    host: { get: () => host },
  });
}

type UidRequest = FastifyRequest<{ Params: { uid: string } }>;

function registerInteractionRoutes(
  app: FastifyInstance,
  provider: Provider,
  { clientId, limiter, newAccountMail }: { clientId: string; limiter: RateLimiter; newAccountMail: NewAccountMail },
) {
  const { config } = app;
  const limits = config.rateLimits;

  const sendHtml = (reply: FastifyReply, status: number, html: string) =>
    reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

  const expired = (request: UidRequest, reply: FastifyReply) => {
    const words = requestWords(request);
    return sendHtml(
      reply,
      400,
      messagePage(words, words.t('provider.expired.title'), words.t('provider.expired.body'), {
        href: config.publicUrl,
        text: words.t('provider.return'),
      }),
    );
  };

  async function details(request: UidRequest, reply: FastifyReply) {
    try {
      const found = await provider.interactionDetails(request.raw, reply.raw);
      return found.uid === request.params.uid ? found : null;
    } catch (error) {
      if (error instanceof errors.SessionNotFound || error instanceof errors.InvalidRequest) return null;
      throw error;
    }
  }

  const renderLogin = (words: PageWords, reply: FastifyReply, uid: string, status: number, extra: { email?: string; error?: string } = {}) =>
    sendHtml(
      reply,
      status,
      loginPage(words, {
        action: `${config.publicUrl}/interaction/${uid}/login`,
        abortUrl: `${config.publicUrl}/interaction/${uid}/abort`,
        forgotPasswordUrl: `${config.publicUrl}/forgot-password`,
        openSignup: config.openSignup,
        ...extra,
      }),
    );

  /**
   * The answer to a failed sign-in. It depends on the password alone, never on whether the email
   * has an account, so it does not tell who has one. With open sign-up, a password that could not
   * make a new account says why, for whoever meant to create one.
   */
  const signInFailure = ({ t }: PageWords, password: string, email: string) => {
    const weak = config.openSignup ? newPasswordProblem(password, email) : null;
    return weak
      ? { status: 400, error: t('provider.login.wrongWeak', { reason: said(t, weak) }) }
      : { status: 401, error: t('provider.login.wrong') };
  };

  app.get('/interaction/:uid', { schema: { hide: true } }, async (request: UidRequest, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return expired(request, reply);
    if (interaction.prompt.name === 'login') return renderLogin(requestWords(request), reply, interaction.uid, 200);
    // Any other prompt (consent) is granted at once for our first-party client.
    const grant = new provider.Grant({ clientId, accountId: interaction.session?.accountId });
    grant.addOIDCScope(OIDC_SCOPES);
    const grantId = await grant.save();
    reply.hijack();
    await provider.interactionFinished(request.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
  });

  app.post('/interaction/:uid/login', { schema: { hide: true } }, async (request: UidRequest, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return expired(request, reply);
    const { uid } = interaction;
    const words = requestWords(request);
    const { t } = words;

    // Every limit is counted before the password is checked (one atomic increment each), so
    // attempts sent at once cannot all be evaluated. They are keyed so that an attacker cannot
    // lock the owner out: per IP; per email and IP; and per email across all IPs, a ceiling far
    // above what one IP may send and counted only for attempts its email-and-IP limit let through.
    const refuse = async (key: string, limit: number) => {
      const { allowed, retryAfterSeconds } = await limiter.hit(key, limit, limits.loginWindowSeconds);
      if (!allowed) void reply.header('retry-after', String(retryAfterSeconds));
      return !allowed;
    };
    if (await refuse(`login-ip:${request.ip}`, limits.loginPerIp)) {
      return renderLogin(words, reply, uid, 429, { error: t('provider.login.tooManyAttempts') });
    }

    const form = loginFormSchema.safeParse(request.body ?? {});
    const rawEmail = typeof (request.body as { email?: unknown })?.email === 'string' ? (request.body as { email: string }).email : '';
    if (!form.success) {
      const problem = form.error.issues[0];
      const error = problem?.path[0] === 'password' ? t('provider.login.enterPassword') : t('provider.login.invalidEmail');
      return renderLogin(words, reply, uid, 400, { email: rawEmail, error });
    }
    const { email, password } = form.data;
    const emailAndIpKey = `login-email-ip:${email}|${request.ip}`;
    if ((await refuse(emailAndIpKey, limits.loginPerEmailAndIp)) || (await refuse(`login-email:${email}`, limits.loginPerEmail))) {
      return renderLogin(words, reply, uid, 429, { email, error: t('provider.login.tooManyForEmail') });
    }

    let account = await findLocalAccountByEmail(app.db, email);
    if (account) {
      if (!(await checkPassword(account, password))) account = null;
    } else if (config.openSignup && !newPasswordProblem(password, email)) {
      // An unknown email signs up when open sign-up is on and the password makes a good one; the
      // new account's owner is mailed a link that verifies the email, queued with the account.
      const created = await createLocalAccount(app.db, email, password, (tx, made) => newAccountMail.queue(tx, made, words.locale));
      if (created) newAccountMail.wake();
      account = created ?? (await findLocalAccountByEmail(app.db, email));
      if (account && !(await checkPassword(account, password))) account = null;
    } else {
      await checkPasswordOfNobody(password);
    }
    if (!account) {
      const { status, error } = signInFailure(words, password, email);
      return renderLogin(words, reply, uid, status, { email, error });
    }

    await limiter.reset(emailAndIpKey);
    reply.hijack();
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      { login: { accountId: String(account.id) } },
      { mergeWithLastSubmission: false },
    );
  });

  app.get('/interaction/:uid/abort', { schema: { hide: true } }, async (request: UidRequest, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return expired(request, reply);
    reply.hijack();
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      { error: 'access_denied', error_description: 'Sign-in was cancelled' },
      { mergeWithLastSubmission: false },
    );
  });
}
