import { buildApp } from '../../src/server/app.ts';
import type { Config } from '../../src/server/config.ts';
import { friendships } from '../../src/server/features/friends/service.ts';
import { signInWithIdentity } from '../../src/server/features/auth/service.ts';
import { createSession } from '../../src/server/features/auth/sessions.ts';

/** A signed-in player, by the Cookie header of their session. */
export interface Player {
  id: number;
  cookie: string;
}

/**
 * The players and an admin, made through the app's own services (an app built in this process on
 * `config`): each signed in with a session, and every two players friends from before every bet.
 */
export async function createPlayers(config: Config, count: number): Promise<{ players: Player[]; admin: Player }> {
  const players: Player[] = [];
  let admin: Player | undefined;
  const app = await buildApp(config);
  for (let i = 0; i <= count; i += 1) {
    const email = i === 0 ? 'chaos-admin@betbro.test' : `chaos-${i}@betbro.test`;
    const user = await signInWithIdentity(
      app.db,
      { issuer: 'urn:betbro:chaos', subject: email, email, emailVerified: true, name: null },
      ['chaos-admin@betbro.test'],
      'en',
    );
    const session = await createSession(app.db, { userId: user.id });
    const player = { id: user.id, cookie: `betbro_session=${session.token}` };
    if (i === 0) admin = player;
    else players.push(player);
  }
  for (let i = 0; i < players.length; i += 1) {
    for (let j = i + 1; j < players.length; j += 1) {
      // Friends from before every bet: each one's juries may seat them (docs/product.md §4.6).
      await app.db.insert(friendships).values({ requesterId: players[i]!.id, addresseeId: players[j]!.id, status: 'accepted', respondedAt: new Date() });
    }
  }
  await app.close();
  return { players, admin: admin! };
}
