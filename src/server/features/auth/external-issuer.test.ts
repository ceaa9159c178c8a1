import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSchema } from '../../../shared/schemas/account.ts';
import { logoutResponseSchema } from '../../../shared/schemas/auth.ts';
import { verifyEmailOf } from '../../test/mail.ts';
import { signIn } from '../../test/sign-in.ts';
import { createTestApp, freePort, testDbKind } from '../../test/test-app.ts';

// Betbro configured with OIDC_ISSUER_URL pointing at its own /oidc: the relying party treats it
// as any external issuer (discovery, token and JWKS requests over the network), which proves
// the external path speaks only the standard protocol.
describe(`sign-in through OIDC_ISSUER_URL on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let publicUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    app = await createTestApp({
      port,
      publicUrl,
      oidc: { issuerUrl: `${publicUrl}/oidc`, clientId: 'betbro-external', clientSecret: 'external-client-secret' },
      openSignup: true,
    });
    await app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('publishes standard discovery metadata for the configured client', async () => {
    const response = await fetch(`${publicUrl}/oidc/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe(`${publicUrl}/oidc`);
    expect(metadata.code_challenge_methods_supported).toContain('S256');
    expect(metadata.end_session_endpoint).toBe(`${publicUrl}/oidc/session/end`);
  });

  it('signs in, reads the user and signs out', async () => {
    const { agent, body } = await signIn(app, 'outside@betbro.test', 'outside-pass-1');
    expect(body.user.username).toMatch(/^user_/);
    expect(body.user.balance).toBe('1000.00');
    expect((await agent.get('/api/auth/user')).statusCode).toBe(200);

    const identities = await app.database.withConnection((q) =>
      q<{ issuer: string }>('select issuer from identities where user_id = $1', [body.user.id]),
    );
    expect(identities).toEqual([{ issuer: `${publicUrl}/oidc` }]);

    const { logoutUrl } = logoutResponseSchema.parse((await agent.post('/api/logout')).json());
    const url = new URL(logoutUrl);
    expect(url.origin + url.pathname).toBe(`${publicUrl}/oidc/session/end`);
    expect(url.searchParams.get('client_id')).toBe('betbro-external');
    // No token reaches the browser: the logout names the client, not the user's ID token.
    expect(url.searchParams.get('id_token_hint')).toBeNull();
    expect((await agent.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('comes back to the page sign-in started from, as with the built-in provider', async () => {
    const { agent, body } = await signIn(app, 'outside@betbro.test', 'outside-pass-1', { returnTo: '/bets/7?from=chat' });
    expect(body.returnTo).toBe('/bets/7?from=chat');
    const refused = await agent.get('/api/login?returnTo=%2F%2Fevil.example%2Fbets%2F7');
    expect(refused.statusCode).toBe(400);
    expect(refused.headers.location).toBeUndefined();
  });

  it("believes the issuer's email_verified claim, read from its ID token", async () => {
    const email = 'claimed@betbro.test';
    const verifiedAt = async () => {
      const { agent } = await signIn(app, email, 'claimed-pass-1');
      return accountSchema.parse((await agent.get('/api/account')).json()).emailVerified;
    };
    expect(await verifiedAt()).toBe(false);
    await verifyEmailOf(app, email, (await signIn(app, email, 'claimed-pass-1')).agent);
    // Marked in the provider's account, the claim says so at the next sign-in.
    await app.database.withConnection((q) => q(`update users set email_verified = false where email = $1`, [email]));
    expect(await verifiedAt()).toBe(true);
  });
});
