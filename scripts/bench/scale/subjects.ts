import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { SESSION_COOKIE, SESSION_TTL_MS, hashSessionId } from '../../../src/server/features/auth/sessions.ts';
import { hashSecretToken, newSecretToken } from '../../../src/server/security/secret-tokens.ts';
import type { ScaleSize } from './sizes.ts';

/** A signed-in session for `userId`: the Cookie header that carries it. */
async function sessionFor(client: pg.Client, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await client.query(`insert into sessions (id_hash, user_id, expires_at, user_agent) values ($1, $2, $3, 'betbro bench')`, [
    hashSessionId(token),
    userId,
    new Date(Date.now() + SESSION_TTL_MS).toISOString(),
  ]);
  return `${SESSION_COOKIE}=${token}`;
}

/** What the routes are called with: the viewer, their friend, a bet they see, a conversation. */
export interface Subjects {
  viewer: number;
  friend: number;
  bet: number;
  conversation: number;
  playerCookie: string;
  adminCookie: string;
  /** An invite of the viewer's, by its token. */
  inviteToken: string;
  /** The viewer's crew with the most seasons, and an invite link to it, by its token. */
  crew: number;
  crewInviteToken: string;
  /** The crew the viewer owns, where every member has an invite link out. */
  ownedCrew: number;
  /** The address of the viewer's calendar feed: `<token>.ics`. */
  calendarToken: string;
  /** An open bet among friends that its creator decides, with the most stakes, and its creator signed in. */
  payoutBet: number;
  creatorCookie: string;
}

/**
 * The subjects, added to the generated data: a viewer in the middle of the circle, the friend after
 * them, an admin, a conversation of 30 messages, 10 comments on the viewer's latest bet, an invite
 * and a crew invite link, an invite link by each other member of the crew the viewer owns, the
 * viewer's calendar feed, and the creator of an open bet (who alone may preview its payouts); then
 * `vacuum analyze`.
 */
export async function prepareSubjects(url: string, size: ScaleSize): Promise<Subjects> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // A player in the middle of the circle: nothing about them is first or last.
    const viewer = Math.floor(size.players / 2) + 1;
    const friend = viewer + 1;
    const admin = viewer + 2;
    await client.query(`update users set role = 'admin' where id = $1`, [admin]);
    const bet = (await client.query<{ id: number }>(`select bet_id as id from stakes where user_id = $1 order by id desc limit 1`, [viewer])).rows[0]!.id;
    const conversation = (
      await client.query<{ id: number }>(`insert into conversations (user_low, user_high) values ($1, $2) returning id`, [viewer, friend])
    ).rows[0]!.id;
    await client.query(
      `insert into messages (conversation_id, sender_id, text) select $1, case when i % 2 = 0 then $2::int else $3::int end, 'Message ' || i
       from generate_series(1, 30) i`,
      [conversation, viewer, friend],
    );
    await client.query(`insert into bet_comments (bet_id, user_id, text) select $1, $2, 'Comment ' || i from generate_series(1, 10) i`, [bet, friend]);
    const inviteToken = randomBytes(32).toString('base64url');
    await client.query(`insert into invites (token_hash, inviter_id, expires_at) values ($1, $2, now() + interval '7 days')`, [
      createHash('sha256').update(inviteToken).digest('hex'),
      viewer,
    ]);
    const crew = (
      await client.query<{ id: number }>(
        `select m.crew_id as id from crew_members m join crew_seasons s on s.crew_id = m.crew_id where m.user_id = $1
         group by m.crew_id order by count(*) desc, m.crew_id limit 1`,
        [viewer],
      )
    ).rows[0]?.id;
    if (crew === undefined) throw new Error(`the viewer ${viewer} belongs to no crew`);
    const crewInviteToken = randomBytes(32).toString('base64url');
    await client.query(`insert into crew_invites (crew_id, inviter_id, token_hash, expires_at) values ($1, $2, $3, now() + interval '7 days')`, [
      crew,
      viewer,
      createHash('sha256').update(crewInviteToken).digest('hex'),
    ]);
    // The viewer owns the crew of the ten players from them on (generate-crews.ts): its owner's list
    // of invites holds one link of theirs and one of every other member's.
    const ownedCrew = (await client.query<{ id: number }>(`select id from crews where owner_id = $1 order by id limit 1`, [viewer])).rows[0]?.id;
    if (ownedCrew === undefined) throw new Error(`the viewer ${viewer} owns no crew`);
    await client.query(
      `insert into crew_invites (crew_id, inviter_id, token_hash, expires_at)
       select crew_id, user_id, md5('bench member invite ' || user_id) || md5('member ' || crew_id), now() + interval '7 days'
       from crew_members where crew_id = $1 and user_id <> $2`,
      [ownedCrew, viewer],
    );
    const calendarToken = newSecretToken();
    await client.query(`insert into calendar_feeds (user_id, token_hash) values ($1, $2)`, [viewer, hashSecretToken(calendarToken)]);
    // Payouts are previewed by whoever may resolve: for a bet its creator decides, with no deadline, the creator.
    const open = (
      await client.query<{ id: number; creator: number }>(
        `select id, creator_id as creator from bets where status = 'active' and crew_id is null and resolution_mode = 'creator'
         and expiration_type = 'indefinite' and deleted_at is null order by participant_count desc, id desc limit 1`,
      )
    ).rows[0];
    if (open === undefined) throw new Error('no open bet for its creator to preview the payouts of');
    await client.query('vacuum analyze');
    return {
      viewer,
      friend,
      bet,
      conversation,
      playerCookie: await sessionFor(client, viewer),
      adminCookie: await sessionFor(client, admin),
      inviteToken,
      crew,
      crewInviteToken,
      ownedCrew,
      calendarToken,
      payoutBet: open.id,
      creatorCookie: await sessionFor(client, open.creator),
    };
  } finally {
    await client.end();
  }
}
