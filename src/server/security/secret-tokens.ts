import { createHash, randomBytes } from 'node:crypto';

/**
 * The secrets that travel in cookies and links: sessions, invite links, crew invite links and the
 * mailed links of local accounts. Each is 32 random bytes, URL-safe, and only its SHA-256 is
 * stored, so a copy of the database opens nothing; a link is found again by the hash of what
 * arrives.
 */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

export const hashSecretToken = (token: string): string => createHash('sha256').update(token).digest('hex');
