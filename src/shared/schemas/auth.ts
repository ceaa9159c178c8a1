import { z } from 'zod';
import { RETURN_PATH_MAX, safeReturnPath } from '../return-path.ts';
import { userSchema, usernameSchema } from './users.ts';

/** The 64-hex-character state the client makes for each sign-in (docs/product.md §9.1). */
export const oauthStateSchema = z.lazy(() => z.string().regex(/^[0-9a-f]{64}$/, 'Invalid state parameter'));

/** A page of this app to come back to after sign-in, path and query (return-path.ts). */
export const returnToSchema = z.lazy(() => z
  .string()
  .max(RETURN_PATH_MAX, 'Not a page of this app')
  .refine((path) => safeReturnPath(path) !== null, 'Not a page of this app'));

export const loginQuerySchema = z.lazy(() => z.object({ state: oauthStateSchema.optional(), returnTo: returnToSchema.optional() }));

export const exchangeBodySchema = z.lazy(() => z.object({
  code: z.string({ error: 'No authorization code received' }).min(1, 'No authorization code received').max(2048),
  state: z.string({ error: 'Invalid state parameter' }).min(1, 'Invalid state parameter').max(256),
  redirect_uri: z.string().max(2048).optional(),
  // RFC 9207's issuer parameter, passed along when the provider sent one.
  iss: z.string().max(2048).optional(),
}));

/** The session's expiry, in seconds since the epoch, as the client's stored auth keeps it. */
export const tokensSchema = z.lazy(() => z.object({ expires_at: z.number().int() }));

/**
 * The signed-in player, as sign-in and GET /api/auth/user give it: their user, and whether a
 * Betbro account's email still waits for its verification (the reminder above every screen is
 * drawn with the screen, not after it: it would push what is already drawn).
 */
export const signedInUserSchema = z.lazy(() => userSchema.unwrap().extend({ emailToVerify: z.boolean() }));
export type SignedInUser = z.infer<typeof signedInUserSchema>;

export const exchangeResponseSchema = z.lazy(() => z.object({
  user: signedInUserSchema,
  tokens: tokensSchema,
  /** The page sign-in started from (`returnTo` of /api/login), or null: the dashboard. */
  returnTo: z.string().nullable(),
}));
export type ExchangeResponse = z.infer<typeof exchangeResponseSchema>;

/** GET /api/auth/user: the signed-in user, plus when the session ends. */
export const currentUserSchema = z.lazy(() => signedInUserSchema.unwrap().extend({ sessionExpiresAt: z.number().int() }));
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const logoutResponseSchema = z.lazy(() => z.object({ logoutUrl: z.string() }));

export const completeProfileBodySchema = z.lazy(() => z.object({ username: usernameSchema }));

/** GET /api/auth/welcome: what the signed-out screen tells a newcomer about signing in here. */
export const welcomeSchema = z.lazy(() => z.object({
  /** Sign-in uses the provider built into this server (no outside account). */
  builtInProvider: z.boolean(),
  /** An unknown email may create an account on that provider. */
  openSignup: z.boolean(),
  /** Nobody has signed in yet: an installation's first page. */
  firstRun: z.boolean(),
}));
export type Welcome = z.infer<typeof welcomeSchema>;

/**
 * A cookie scripts may read, set beside the httpOnly session cookie and cleared with it: whether
 * this browser holds a session at all. A page without it is signed out, and asks the server
 * nothing to learn so (no 401 in the console of a visitor who has never signed in).
 */
export const SIGNED_IN_HINT_COOKIE = 'betbro_signed_in';
