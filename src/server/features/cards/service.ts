import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { previewCrewInvite } from '../crews/service.ts';
import { previewInvite } from '../invites/service.ts';
import { GENERIC_CARD, cardState, cardWords, crewInviteCard, inviteCard, type CardContent } from './content.ts';
import { CARD_HEIGHT, CARD_WIDTH } from './draw.ts';
import { cardTags } from './tags.ts';

/**
 * Link cards (docs/product.md §6.8): the Open Graph and Twitter Card tags of every page the server
 * answers, and the images they name. An invite's page previews its invite; every other page, a
 * bet's own address included, gets the generic card, so that no crawler ever reads a bet's words
 * there. What other code uses of cards: pageHeads, for the page-serving plugin.
 */

/** Whose card a page shows, by its address. */
export type CardSubject = { kind: 'generic' } | { kind: 'invite'; token: string } | { kind: 'crew-invite'; token: string };

const TOKEN = '([A-Za-z0-9_-]{1,100})';
const INVITE_PAGE = new RegExp(`^/invite/${TOKEN}/?$`);
const CREW_INVITE_PAGE = new RegExp(`^/crews/join/${TOKEN}/?$`);

export function subjectOfPage(pathname: string): CardSubject {
  const invite = INVITE_PAGE.exec(pathname);
  if (invite) return { kind: 'invite', token: invite[1]! };
  const crew = CREW_INVITE_PAGE.exec(pathname);
  if (crew) return { kind: 'crew-invite', token: crew[1]! };
  // An invite page whose token cannot be one still names an invite: it is simply not found.
  if (/^\/(?:invite|crews\/join)\/[^/]+\/?$/.test(pathname)) return { kind: 'invite', token: '' };
  return { kind: 'generic' };
}

const isNotFound = (error: unknown) => error instanceof AppError && error.statusCode === 404;

/** What the subject's card shows now, or null when its link does not open (unknown, revoked, expired, used up). */
export async function cardContentOf(app: FastifyInstance, subject: CardSubject): Promise<CardContent | null> {
  if (subject.kind === 'generic') return GENERIC_CARD;
  if (subject.token === '') return null;
  try {
    return subject.kind === 'invite' ? inviteCard(await previewInvite(app, subject.token)) : crewInviteCard(await previewCrewInvite(app, subject.token));
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** The address of the subject's card image in the state `state`, from the server's root. */
export function cardImagePath(subject: CardSubject, state: string): string {
  const file = `${state}.png`;
  if (subject.kind === 'invite') return `/api/cards/invites/${subject.token}/${file}`;
  if (subject.kind === 'crew-invite') return `/api/cards/crews/join/${subject.token}/${file}`;
  return `/api/cards/betbro/${file}`;
}

export interface PageHead {
  /** The tags for the page's head. */
  tags: string;
  /** 404 for an invite page whose link does not open; 200 otherwise. */
  status: number;
}

/**
 * The head of each page the server answers: its card's tags, and whether the page names anything
 * that exists. An invite that cannot be read for another reason (the database away) falls back
 * to the generic card: the page itself still loads.
 */
export function pageHeads(app: FastifyInstance): (request: FastifyRequest) => Promise<PageHead> {
  const { publicUrl } = app.config;
  return async (request) => {
    const pathname = request.url.split('?')[0] ?? '/';
    let subject = subjectOfPage(pathname);
    let status = 200;
    let content: CardContent | null;
    try {
      content = await cardContentOf(app, subject);
    } catch (error) {
      request.log.warn({ err: error }, 'The card of this page could not be read: the generic card stands in');
      content = null;
    }
    if (content === null) {
      if (subject.kind !== 'generic') status = 404;
      subject = { kind: 'generic' };
      content = GENERIC_CARD;
    }
    const words = cardWords(content);
    const tags = cardTags({
      ...words,
      url: `${publicUrl}${pathname}`,
      image: `${publicUrl}${cardImagePath(subject, cardState(content))}`,
      imageWidth: CARD_WIDTH,
      imageHeight: CARD_HEIGHT,
    });
    return { tags, status };
  };
}
