import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as client from 'openid-client';
import { z } from 'zod';
import {
  completeProfileBodySchema,
  currentUserSchema,
  exchangeBodySchema,
  exchangeResponseSchema,
  loginQuerySchema,
  logoutResponseSchema,
  welcomeSchema,
} from '../../../shared/schemas/auth.ts';
import { userSchema } from '../../../shared/schemas/users.ts';
import { safeReturnPath } from '../../../shared/return-path.ts';
import { badRequest } from '../../errors.ts';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../plugins/auth.ts';
import { presentUserWithFigures, type UserRow } from '../users/service.ts';
import type { AuthorizationChecks, RelyingParty } from './relying-party.ts';
import { completeProfile, emailToVerify, signInWithIdentity, welcomeOf } from './service.ts';
import { requestLocale } from '../../i18n.ts';
import { endSession } from './end-sessions.ts';
import { createSession } from './sessions.ts';

/**
 * Holds state, nonce and PKCE verifier between /api/login and the exchange, and the page to come
 * back to: signed, 10 minutes.
 */
const FLOW_COOKIE = 'betbro_oidc';
const FLOW_TTL_SECONDS = 10 * 60;

const flowSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  issuedAt: z.number(),
  returnTo: z.string().nullable().optional(),
});

const invalidState = () => badRequest('Invalid state parameter', 'invalid_state');

export const authRoutes: FastifyPluginAsyncZod<{ rp: RelyingParty }> = async (app, { rp }) => {
  const { config } = app;
  const redirectUri = `${config.publicUrl}/auth-callback`;
  /** The signed-in player as the client keeps them (signedInUserSchema). */
  const presentSignedIn = async (user: UserRow) => {
    const [presented, toVerify] = await Promise.all([presentUserWithFigures(app.db, user, { showEmail: true, isOnline: true }), emailToVerify(app, user)]);
    return { ...presented, emailToVerify: toVerify };
  };
  const flowCookieOptions = {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https:'),
    signed: true,
  };

  app.get(
    '/api/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Starts sign-in: redirects to the identity provider; returnTo names the page of this app to come back to',
        querystring: loginQuerySchema,
      },
    },
    async (request, reply) => {
      const checks: AuthorizationChecks = {
        state: request.query.state ?? client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
      };
      const url = await rp.authorizationUrl(checks);
      // Read as a browser would, once more: the schema let through only this app's own pages.
      const returnTo = safeReturnPath(request.query.returnTo);
      void reply.setCookie(FLOW_COOKIE, JSON.stringify({ ...checks, issuedAt: Date.now(), returnTo }), {
        ...flowCookieOptions,
        maxAge: FLOW_TTL_SECONDS,
      });
      return reply.redirect(url, 302);
    },
  );

  app.post(
    '/api/oauth/exchange',
    {
      schema: {
        tags: ['auth'],
        summary: 'Completes sign-in with the code the provider returned',
        body: exchangeBodySchema,
        response: { 200: exchangeResponseSchema },
      },
    },
    async (request, reply) => {
      // The flow cookie is single-use: whatever happens next, it is gone.
      const raw = request.cookies[FLOW_COOKIE];
      void reply.clearCookie(FLOW_COOKIE, flowCookieOptions);
      const unsigned = raw ? request.unsignCookie(raw) : null;
      if (!unsigned?.valid || !unsigned.value) throw invalidState();
      let flow: z.infer<typeof flowSchema>;
      try {
        flow = flowSchema.parse(JSON.parse(unsigned.value));
      } catch {
        throw invalidState();
      }
      if (Date.now() - flow.issuedAt > FLOW_TTL_SECONDS * 1000 || flow.state !== request.body.state) throw invalidState();
      if (request.body.redirect_uri !== undefined && request.body.redirect_uri !== redirectUri) {
        throw badRequest('Invalid redirect_uri', 'invalid_redirect_uri');
      }

      const identity = await rp.exchange(request.body, flow);
      const user = await signInWithIdentity(app.db, identity, config.adminEmails, requestLocale(request));
      const session = await createSession(app.db, {
        userId: user.id,
        userAgent: request.headers['user-agent'] ?? null,
      });
      setSessionCookie(reply, config, session.token, session.expiresAt);
      request.log.info({ userId: user.id }, 'signed in');
      return {
        user: await presentSignedIn(user),
        tokens: { expires_at: Math.floor(session.expiresAt.getTime() / 1000) },
        // Checked again on the way out: a cookie signed before a rule tightened still obeys it.
        returnTo: safeReturnPath(flow.returnTo),
      };
    },
  );

  app.get(
    '/api/auth/welcome',
    { schema: { tags: ['auth'], summary: 'How to sign in here, for the signed-out screen', response: { 200: welcomeSchema } } },
    () => welcomeOf(app),
  );

  app.get(
    '/api/auth/user',
    { schema: { tags: ['auth'], summary: 'The signed-in user (401 when signed out)', response: { 200: currentUserSchema } } },
    async (request) => {
      const user = requireUser(request);
      return {
        ...(await presentSignedIn(user)),
        sessionExpiresAt: Math.floor(request.authSession!.expiresAt.getTime() / 1000),
      };
    },
  );

  app.post(
    '/api/logout',
    { schema: { tags: ['auth'], summary: "Ends the session; answers the provider's end-session URL", response: { 200: logoutResponseSchema } } },
    async (request, reply) => {
      const session = request.authSession;
      if (session) await endSession(app, session);
      clearSessionCookie(reply, config);
      return { logoutUrl: await rp.endSessionUrl() };
    },
  );

  app.post(
    '/api/complete-profile',
    {
      schema: {
        tags: ['auth'],
        summary: 'Chooses the username (once)',
        body: completeProfileBodySchema,
        response: { 200: userSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const updated = await completeProfile(app.db, user, request.body.username);
      return presentUserWithFigures(app.db, updated, { showEmail: true, isOnline: true });
    },
  );
};
