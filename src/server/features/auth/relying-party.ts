import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { AppError } from '../../errors.ts';

/**
 * Betbro as an OpenID Connect relying party (openid-client): discovery, authorization code with
 * PKCE, state and nonce, ID token verification, end-session. Only the standard protocol is used,
 * so any issuer works. Discovery is lazy: an embedded issuer is not listening yet at start-up.
 */

export interface RelyingPartyOptions {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  /** How requests reach the issuer; the embedded one is called in process (see 002-auth.md). */
  fetch?: client.CustomFetch;
  /** Recorded on identities instead of the token's `iss` (the built-in provider's stable name). */
  identityIssuer?: string;
}

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  /** The issuer's `email_verified` claim: whether it vouches that the email is the user's. */
  emailVerified: boolean;
  name: string | null;
}

export interface AuthorizationChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export const providerUnavailable = () =>
  new AppError(502, 'provider_unavailable', 'The identity provider is not answering. Please try again.');

export class RelyingParty {
  private configuration: Promise<client.Configuration> | null = null;

  constructor(private readonly options: RelyingPartyOptions) {}

  private async config(): Promise<client.Configuration> {
    if (!this.configuration) {
      const { issuerUrl, clientId, clientSecret, fetch } = this.options;
      const attempt = client.discovery(new URL(issuerUrl), clientId, undefined, client.ClientSecretBasic(clientSecret), {
        ...(fetch ? { [client.customFetch]: fetch } : {}),
        // Plain http only ever for a local issuer (the embedded default on localhost).
        execute: issuerUrl.startsWith('http:') ? [client.allowInsecureRequests] : [],
        timeout: 10,
      });
      // A failed discovery is retried on the next sign-in rather than cached.
      this.configuration = attempt.catch((error: unknown) => {
        this.configuration = null;
        throw error;
      });
    }
    try {
      return await this.configuration;
    } catch {
      throw providerUnavailable();
    }
  }

  async authorizationUrl(checks: AuthorizationChecks): Promise<string> {
    const config = await this.config();
    return client
      .buildAuthorizationUrl(config, {
        redirect_uri: this.options.redirectUri,
        scope: 'openid email profile offline_access',
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        state: checks.state,
        nonce: checks.nonce,
      })
      .toString();
  }

  /** Exchanges the code and verifies the ID token; refusals become 400s with a clear message. */
  async exchange(params: { code: string; state: string; iss?: string }, checks: AuthorizationChecks): Promise<VerifiedIdentity> {
    const config = await this.config();
    const callback = new URL(this.options.redirectUri);
    callback.searchParams.set('code', params.code);
    callback.searchParams.set('state', params.state);
    // RFC 9207 guards clients of several issuers against mix-ups; Betbro trusts exactly one, so
    // when the browser did not pass `iss` along, the configured issuer is the only candidate.
    const issuer = config.serverMetadata().issuer;
    if (config.serverMetadata().authorization_response_iss_parameter_supported) {
      callback.searchParams.set('iss', params.iss ?? issuer);
    }
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw toExchangeError(error);
    }
    const claims = tokens.claims();
    if (!claims) throw new AppError(400, 'invalid_token', 'Authentication failed: no ID token received');
    let email = typeof claims.email === 'string' ? claims.email : null;
    let emailVerified = claims.email_verified === true;
    let name = typeof claims.name === 'string' ? claims.name : null;
    if (!email && tokens.access_token) {
      // Some issuers only hand out the email through userinfo.
      try {
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
        email = typeof info.email === 'string' ? info.email : null;
        emailVerified = info.email_verified === true;
        name = name ?? (typeof info.name === 'string' ? info.name : null);
      } catch {
        // The email is optional for Betbro; sign-in goes on without it.
      }
    }
    return { issuer: this.options.identityIssuer ?? claims.iss, subject: claims.sub, email, emailVerified: email !== null && emailVerified, name };
  }

  /**
   * RP-initiated logout by client_id: the ID token is never kept nor handed to the browser, so
   * the provider asks its own session to confirm (our provider's page does so on its own).
   */
  async endSessionUrl(): Promise<string> {
    try {
      const config = await this.config();
      if (!config.serverMetadata().end_session_endpoint) return this.options.postLogoutRedirectUri;
      return client
        .buildEndSessionUrl(config, {
          post_logout_redirect_uri: this.options.postLogoutRedirectUri,
          client_id: this.options.clientId,
        })
        .toString();
    } catch {
      // Signing out of Betbro must work even while the provider is away.
      return this.options.postLogoutRedirectUri;
    }
  }
}

function toExchangeError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof client.ResponseBodyError) {
    const detail = error.error_description ?? error.error;
    return new AppError(400, error.error === 'invalid_grant' ? 'invalid_grant' : 'token_exchange_failed', `Authentication failed: ${detail}`);
  }
  if (error instanceof client.ClientError) {
    return new AppError(400, 'invalid_token', `Authentication failed: ${error.message}`);
  }
  return providerUnavailable();
}

/** Calls the app's own routes in process, for an issuer that lives in this very app. */
export function inProcessFetch(app: FastifyInstance): client.CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const headers: Record<string, string> = {};
    new Headers(options.headers as HeadersInit).forEach((value, key) => {
      headers[key] = value;
    });
    // The provider builds its endpoint URLs from the request's host and protocol: make them
    // the public ones, as if the request had come through the front door.
    headers.host = target.host;
    headers['x-forwarded-proto'] = target.protocol.replace(':', '');
    headers['x-forwarded-host'] = target.host;
    const body = options.body;
    const response = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers,
      ...(body === undefined || body === null ? {} : { payload: typeof body === 'string' ? body : body.toString() }),
    });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) responseHeaders.append(key, String(v));
    }
    const noBody = response.statusCode === 204 || response.statusCode === 304;
    return new Response(noBody ? null : new Uint8Array(response.rawPayload), { status: response.statusCode, headers: responseHeaders });
  };
}
