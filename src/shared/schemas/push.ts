import { z } from 'zod';

/** Web Push (docs/product.md §6.5). */

/** base64url of exactly `bytes` bytes, padded or not (no Buffer: the client reads this file too). */
const base64url = (bytes: number, what: string) => {
  const chars = Math.ceil((bytes * 4) / 3);
  const padding = (4 - (chars % 4)) % 4;
  return z
    .string({ error: `${what} is required` })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${chars}}={0,${padding}}$`), `${what} must be ${bytes} bytes in base64url`);
};

/** A browser's `PushSubscription.toJSON()`. */
export const pushSubscriptionBodySchema = z.lazy(() => z.object({
  endpoint: z.string({ error: 'endpoint is required' }).min(1, 'endpoint is required').max(2048, 'endpoint is too long'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // An uncompressed P-256 point (RFC 8291 §3.2) and the 16-byte authentication secret.
      p256dh: base64url(65, 'keys.p256dh').regex(/^B/, 'keys.p256dh must be an uncompressed point'),
      auth: base64url(16, 'keys.auth'),
    },
    { error: 'keys are required' },
  ),
}));
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushUnsubscribeBodySchema = z.lazy(() => z.object({
  endpoint: z.string({ error: 'endpoint is required' }).min(1, 'endpoint is required').max(2048, 'endpoint is too long'),
}));

export const pushPublicKeySchema = z.lazy(() => z.object({ publicKey: z.string() }));

/** What a push carries, once decrypted by the browser's service worker. */
export const pushPayloadSchema = z.lazy(() => z.object({ title: z.string(), body: z.string(), url: z.string() }));
export type PushPayload = z.infer<typeof pushPayloadSchema>;
