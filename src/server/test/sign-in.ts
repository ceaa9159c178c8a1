import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { exchangeResponseSchema, type ExchangeResponse } from '../../shared/schemas/auth.ts';
import { HttpAgent } from './http-agent.ts';

/**
 * Drives the real sign-in over HTTP, as a browser would: /api/login, the provider's
 * authorization endpoint, its login page, back to /auth-callback, then the exchange.
 */

export const randomHexState = () => randomBytes(32).toString('hex');

export interface CallbackParams {
  code: string;
  state: string;
  iss: string | null;
  error: string | null;
}

const followLocation = (response: LightMyRequestResponse) => {
  const location = response.headers.location;
  expect(location, `expected a redirect, got ${response.statusCode}: ${response.body.slice(0, 300)}`).toBeTruthy();
  return String(location);
};

/** Runs the flow up to the provider's redirect back to /auth-callback. */
export async function authorize(
  agent: HttpAgent,
  credentials: { email: string; password: string },
  state = randomHexState(),
  returnTo?: string,
): Promise<{ callback: CallbackParams; loginResponse: LightMyRequestResponse }> {
  const query = new URLSearchParams({ state, ...(returnTo === undefined ? {} : { returnTo }) });
  const start = await agent.get(`/api/login?${query}`);
  expect(start.statusCode).toBe(302);
  let location = followLocation(start);
  expect(location.startsWith(`${agent.publicUrl}/oidc/auth?`), location).toBe(true);

  const auth = await agent.get(location);
  location = followLocation(auth);
  expect(location).toMatch(/\/interaction\/[\w-]+$/);

  const page = await agent.get(location);
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('name="email"');

  const loginResponse = await agent.request('POST', `${new URL(location, 'http://x').pathname}/login`, {
    form: credentials,
  });
  if (loginResponse.statusCode !== 303 && loginResponse.statusCode !== 302) {
    return { loginResponse, callback: { code: '', state: '', iss: null, error: 'login_failed' } };
  }
  let next = followLocation(loginResponse);
  // The provider resumes the authorization and redirects back to the app.
  for (let hops = 0; hops < 5 && !next.includes('/auth-callback'); hops += 1) {
    next = followLocation(await agent.get(next));
  }
  const callbackUrl = new URL(next);
  expect(callbackUrl.pathname).toBe('/auth-callback');
  return {
    loginResponse,
    callback: {
      code: callbackUrl.searchParams.get('code') ?? '',
      state: callbackUrl.searchParams.get('state') ?? '',
      iss: callbackUrl.searchParams.get('iss'),
      error: callbackUrl.searchParams.get('error'),
    },
  };
}

export async function exchange(agent: HttpAgent, callback: CallbackParams, publicUrl: string) {
  return agent.post('/api/oauth/exchange', {
    code: callback.code,
    state: callback.state,
    redirect_uri: `${publicUrl}/auth-callback`,
  });
}

/** A signed-in agent for `email` (the account is created on first use). */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password = 'correct horse battery',
  options: { returnTo?: string } = {},
): Promise<{ agent: HttpAgent; body: ExchangeResponse }> {
  const agent = new HttpAgent(app);
  const { callback } = await authorize(agent, { email, password }, randomHexState(), options.returnTo);
  const response = await exchange(agent, callback, app.config.publicUrl);
  expect(response.statusCode, response.body).toBe(200);
  return { agent, body: exchangeResponseSchema.parse(response.json()) };
}

/** Signs in and picks a username, as a new user's first visit does. */
export async function signUp(app: FastifyInstance, username: string, email = `${username.toLowerCase()}@betbro.test`) {
  const { agent, body } = await signIn(app, email);
  const response = await agent.post('/api/complete-profile', { username });
  expect(response.statusCode, response.body).toBe(200);
  return { agent, user: { ...body.user, username } };
}
