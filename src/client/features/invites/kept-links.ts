import type { CreatedInvite, Invite } from '../../../shared/schemas/invites.ts';

/**
 * The server keeps only a hash of each invite's token, so a link can be read in full only where
 * it was made. This browser keeps the links its player makes (per player, until they expire or
 * are revoked), so that Copy still works after a reload. A listed invite is matched to its link
 * by its expiry, which the server answers to the millisecond on creating and on listing.
 */
const KEY = 'betbro_invite_links';

interface KeptLink {
  userId: number;
  url: string;
  expiresAt: string;
}

function read(): KeptLink[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as KeptLink[]) : [];
  } catch {
    return [];
  }
}

function write(links: KeptLink[]): void {
  try {
    if (links.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(links));
  } catch {
    // Storage blocked: Copy is offered only for links made since the page opened.
  }
}

const live = (link: KeptLink, now: number) => Date.parse(link.expiresAt) > now;

export const keptLinks = {
  keep(userId: number, invite: CreatedInvite): void {
    const now = Date.now();
    write([...read().filter((link) => live(link, now)), { userId, url: invite.url, expiresAt: invite.expiresAt }]);
  },
  /** The link of a listed invite, when this browser made it. */
  urlOf(userId: number, invite: Pick<Invite, 'expiresAt'>): string | null {
    return read().find((link) => link.userId === userId && link.expiresAt === invite.expiresAt)?.url ?? null;
  },
  forget(userId: number, invite: Pick<Invite, 'expiresAt'>): void {
    const now = Date.now();
    write(read().filter((link) => live(link, now) && !(link.userId === userId && link.expiresAt === invite.expiresAt)));
  },
};
