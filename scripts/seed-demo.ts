import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import type { Config } from '../src/server/config.ts';
import { type UserRow, users } from '../src/server/features/users/service.ts';
import { createUser } from '../src/server/features/admin/service.ts';
import { signInWithIdentity } from '../src/server/features/auth/service.ts';
import { createBet, placeStake, resolveOrPropose, voidBet } from '../src/server/features/bets/service.ts';
import { addComment, sendMessage, startConversation } from '../src/server/features/chat/service.ts';
import { createCrew, createCrewInvite, joinCrew, sendCrewMessage, startNextSeason } from '../src/server/features/crews/service.ts';
import { acceptFriendRequest, sendFriendRequest } from '../src/server/features/friends/service.ts';
import { createLocalAccount, markLocalEmailVerified } from '../src/server/oidc/provider.ts';
import { identityIssuerOfLocalAccounts, usesEmbeddedProvider } from '../src/server/oidc/provider.ts';
import { createBetBodySchema, type CreateBetBody } from '../src/shared/schemas/bets.ts';
import { loadConfigOrExit } from './lib/configured-database.ts';

// `npm run seed-demo`: fills an EMPTY database with demo players (local accounts on the
// built-in provider, passwords printed below), friendships, pending requests, bets in every
// state, stakes, a chat and a bet discussion, a crew with a past season, all through the same services the API uses, so
// the ledger balances exactly as it would in real use.

const config: Config = { ...loadConfigOrExit(), backgroundJobs: false, logLevel: 'warn' as const };
const app = await buildApp(config);
try {
  if (!usesEmbeddedProvider(app)) throw new Error('seed-demo creates local accounts, so it needs the built-in identity provider.');
  const [{ count } = { count: 0 }] = await app.db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (Number(count) > 0) throw new Error('The database already has users; seed-demo only fills an empty one.');

  const password = (name: string) => `${name.toLowerCase()}-demo-2026`;
  const reload = async (id: number) => (await app.db.select().from(users).where(eq(users.id, id)))[0]!;

  // The admin first: an account whose email is made an admin at creation.
  const adminEmail = 'admin@betbro.demo';
  const account = await createLocalAccount(app.db, adminEmail, password('Admin'));
  if (!account) throw new Error('could not create the admin account');
  // The demo's admin owns its address: no mail to follow first.
  await markLocalEmailVerified(app.db, account.id);
  let admin = await signInWithIdentity(
    app.db,
    { issuer: identityIssuerOfLocalAccounts(config), subject: String(account.id), email: adminEmail, emailVerified: true, name: null },
    [adminEmail],
    'en',
  );
  await app.db.update(users).set({ username: 'Admin' }).where(eq(users.id, admin.id));
  admin = await reload(admin.id);

  const names = ['Alice', 'Bruno', 'Chloe', 'Dev', 'Esme', 'Farid'];
  const people: Record<string, UserRow> = {};
  for (const name of names) {
    const created = await createUser(app, admin, { username: name, email: `${name.toLowerCase()}@betbro.demo`, password: password(name), role: 'user' });
    people[name] = await reload(created.id);
  }
  const p = (name: string) => people[name]!;

  // Friends: Alice knows everyone; Bruno and Chloe know each other; two requests are pending.
  for (const name of ['Bruno', 'Chloe', 'Dev', 'Esme']) {
    await sendFriendRequest(app, p('Alice'), p(name).id);
    await acceptFriendRequest(app, p(name), p('Alice').id);
  }
  await sendFriendRequest(app, p('Bruno'), p('Chloe').id);
  await acceptFriendRequest(app, p('Chloe'), p('Bruno').id);
  await sendFriendRequest(app, p('Farid'), p('Alice').id);
  await sendFriendRequest(app, p('Dev'), p('Bruno').id);

  const bet = async (creator: string, body: CreateBetBody) => createBet(app, p(creator), createBetBodySchema.parse(body));
  const stake = async (name: string, betId: number, option: number, amount: string) => placeStake(app, p(name), betId, { option, amount });

  const derby = await bet('Alice', {
    title: 'Who wins the Saturday derby?',
    description: 'City against United, kick-off at three. Extra time counts.',
    category: 'Sports',
    options: ['City', 'United', 'Draw'],
    expirationType: 'time',
    expirationValue: '72',
  });
  await stake('Bruno', derby, 0, '45');
  await stake('Chloe', derby, 1, '30');
  await stake('Dev', derby, 2, '12.50');
  await addComment(app, p('Bruno'), derby, 'City by two goals, easy money.');
  await addComment(app, p('Chloe'), derby, 'We will see about that.');

  const pizza = await bet('Bruno', {
    title: 'Pineapple on the office pizza?',
    description: 'Friday lunch order. Settled when the box is opened.',
    category: 'Personal',
    options: ['Yes', 'No'],
    expirationType: 'indefinite',
  });
  await stake('Alice', pizza, 1, '20');
  await stake('Chloe', pizza, 0, '15');
  await resolveOrPropose(app, p('Bruno'), pizza, { winningOption: 1 });

  const oscars = await bet('Alice', {
    title: 'Best Picture winner',
    description: 'Which of the favourites takes the big one this year?',
    category: 'Entertainment',
    options: ['The long drama', 'The space epic', 'The comedy', 'Something else'],
    expirationType: 'date',
    expirationValue: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
  });
  await stake('Esme', oscars, 1, '60');
  await stake('Dev', oscars, 0, '25');

  const election = await bet('Chloe', {
    title: 'Turnout above 70%?',
    description: 'The local election next month.',
    category: 'Politics',
    options: ['Above 70%', '70% or below'],
    expirationType: 'time',
    expirationValue: '1',
  });
  await stake('Alice', election, 0, '10');
  await stake('Bruno', election, 1, '10');
  // Shown as expired and waiting for Chloe's resolution.
  await app.db.execute(sql`update bets set expires_at = now() - interval '2 hours' where id = ${election}`);

  const marathon = await bet('Dev', {
    title: 'Marathon under four hours?',
    description: 'Dev runs the city marathon in spring.',
    category: 'Sports',
    options: ['Under 4h', 'Over 4h'],
    expirationType: 'indefinite',
  });
  await stake('Alice', marathon, 1, '8');
  await voidBet(app, marathon, 'deleted_by_admin', { actorId: admin.id, delete: false, audited: true });

  // A crew (docs/product.md §6.7): Alice's poker table, with a season played and archived, and a
  // second one under way.
  const poker = await createCrew(app, p('Alice'), { name: 'Friday poker', startingBalance: 50_000, seasonDays: 30 });
  const { token } = await createCrewInvite(app, p('Alice'), poker.id);
  for (const name of ['Bruno', 'Chloe', 'Farid']) await joinCrew(app, p(name), token);
  const river = await bet('Alice', {
    title: 'Does Bruno bluff the river again?',
    description: 'Last hand of the night, all in.',
    category: 'Personal',
    options: ['Bluff', 'He has it'],
    expirationType: 'indefinite',
    crewId: poker.id,
  });
  await stake('Bruno', river, 1, '120');
  await stake('Chloe', river, 0, '80');
  await stake('Farid', river, 0, '40');
  await resolveOrPropose(app, p('Alice'), river, { winningOption: 0 });
  await startNextSeason(app, p('Alice'), poker.id);
  const chips = await bet('Chloe', {
    title: 'Who leaves with the most chips tonight?',
    description: 'Counted at midnight.',
    category: 'Personal',
    options: ['Alice', 'Bruno', 'Chloe', 'Farid'],
    expirationType: 'time',
    expirationValue: '24',
    crewId: poker.id,
  });
  await stake('Alice', chips, 0, '25');
  await stake('Farid', chips, 3, '35');
  await sendCrewMessage(app, p('Farid'), poker.id, 'Same table on Friday? I bring the chips.');
  await sendCrewMessage(app, p('Bruno'), poker.id, 'Only if nobody bets on my bluffs.');

  const conversation = await startConversation(app, p('Alice'), p('Bruno').id);
  await sendMessage(app, p('Bruno'), conversation.id, 'You really think United can hold City?');
  await sendMessage(app, p('Alice'), conversation.id, 'I made the bet, I just watch the odds move.');

  const where = config.database.kind === 'postgres' ? 'the DATABASE_URL database' : `DATA_DIR ${config.dataDir}`;
  console.log('\nDemo data is ready in %s.', where);
  console.log('Start Betbro on it with `npm start` (the same DATA_DIR or DATABASE_URL, and PORT or PUBLIC_URL), then sign in at %s with any of these:', config.publicUrl);
  console.log(['  email                     password', `  ${adminEmail.padEnd(26)}${password('Admin')}   (admin)`, ...names.map((n) => `  ${`${n.toLowerCase()}@betbro.demo`.padEnd(26)}${password(n)}`)].join('\n'));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await app.close();
}
