import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/schemas/common.ts';
import { createdCrewInviteSchema, crewInviteSchema, crewSchema, type Crew } from '../../../shared/schemas/crews.ts';
import { createUser, type TestUser } from '../../test/fixtures.ts';
import { HttpAgent } from '../../test/http-agent.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { mailOutbox, mailQueuedNotifications } from '../mail/service.ts';

// Crews, tightened (docs/product.md §6.7): each test is an attack on a crew. Invite links are
// capped and revocable, names cannot pass for another crew's, the chat is the members' alone (no
// admin reads it from outside), and a crew's name in a mail is quoted as the player's text it is.

describe(`crews against their attackers on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let mia: TestUser;
  let ned: TestUser;
  let admin: TestUser;
  let counter = 0;

  beforeAll(async () => {
    app = await createTestApp();
    owner = await createUser(app, 'TightOwner');
    mia = await createUser(app, 'TightMia');
    ned = await createUser(app, 'TightNed');
    admin = await createUser(app, 'TightAdmin', { admin: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  const newCrew = async (name: string, by = owner): Promise<Crew> => {
    const response = await by.agent.post('/api/crews', { name });
    expect(response.statusCode, response.body).toBe(201);
    return crewSchema.parse(response.json());
  };
  const invite = async (crewId: number, by = owner) => {
    const response = await by.agent.post(`/api/crews/${crewId}/invites`);
    expect(response.statusCode, response.body).toBe(201);
    return createdCrewInviteSchema.parse(response.json());
  };
  /** A crew of the owner, Mia and Ned. */
  const fullCrew = async (name: string) => {
    const crew = await newCrew(name);
    const { token } = await invite(crew.id);
    for (const member of [mia, ned]) expect((await member.agent.post(`/api/crews/join/${token}`)).statusCode).toBe(200);
    return crew;
  };
  const invitesOf = async (user: TestUser, crewId: number) => {
    const response = await user.agent.get(`/api/crews/${crewId}/invites`);
    expect(response.statusCode, response.body).toBe(200);
    return z.array(crewInviteSchema).parse(response.json());
  };
  const preview = (token: string) => new HttpAgent(app).get(`/api/crews/join/${token}`);

  it('holds a member to 20 live invite links: the 21st is 429, even asked all at once, and a revoked one makes room', async () => {
    const crew = await fullCrew(`Capped crew ${(counter += 1)}`);
    // The attack: 40 links at once.
    const answers = await Promise.all(Array.from({ length: 40 }, () => mia.agent.post(`/api/crews/${crew.id}/invites`)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(20);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(refused.map((a) => a.statusCode)).toEqual(Array.from({ length: 20 }, () => 429));
    expect(errorBodySchema.parse(refused[0]!.json())).toEqual({
      error: 'You can have at most 20 live invite links to this crew; revoke one first',
      code: 'too_many_invites',
    });
    const mine = await invitesOf(mia, crew.id);
    expect(mine).toHaveLength(20);
    expect(mine.every((i) => i.inviter.id === mia.id)).toBe(true);
    // Another member's limit is their own.
    await invite(crew.id, ned);
    // Revoking one makes room for one.
    expect((await mia.agent.delete(`/api/crews/${crew.id}/invites/${mine[0]!.id}`)).statusCode).toBe(204);
    await invite(crew.id, mia);
    expect((await mia.agent.post(`/api/crews/${crew.id}/invites`)).statusCode).toBe(429);
  });

  it('lists a member their own links and the owner every link; revoked by its maker or the owner, a link is 404', async () => {
    const crew = await fullCrew(`Revoking crew ${(counter += 1)}`);
    const miasLink = await invite(crew.id, mia);
    const nedsLink = await invite(crew.id, ned);
    const ownersLink = await invite(crew.id, owner);
    expect((await invitesOf(mia, crew.id)).map((i) => i.inviter.username)).toEqual([mia.username]);
    // The owner's list holds the first link of the crew too, by which Mia and Ned joined.
    expect((await invitesOf(owner, crew.id)).map((i) => i.inviter.username).slice(0, 3)).toEqual([owner.username, ned.username, mia.username]);
    // Ned cannot revoke Mia's link, by token or by id: 404, and it still works.
    const miasId = (await invitesOf(mia, crew.id))[0]!.id;
    for (const named of [miasLink.token, String(miasId)]) {
      const refused = await ned.agent.delete(`/api/crews/${crew.id}/invites/${named}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ error: 'Invite not found or no longer valid', code: 'invite_not_found' });
    }
    expect((await preview(miasLink.token)).statusCode).toBe(200);
    // Mia revokes her own by its token; the owner revokes Ned's by its id; each link is then 404.
    expect((await mia.agent.delete(`/api/crews/${crew.id}/invites/${miasLink.token}`)).statusCode).toBe(204);
    const nedsId = (await invitesOf(ned, crew.id))[0]!.id;
    expect((await owner.agent.delete(`/api/crews/${crew.id}/invites/${nedsId}`)).statusCode).toBe(204);
    const stranger = await createUser(app, `Stranger${(counter += 1)}`);
    for (const token of [miasLink.token, nedsLink.token]) {
      expect((await preview(token)).statusCode).toBe(404);
      expect((await stranger.agent.post(`/api/crews/join/${token}`)).statusCode).toBe(404);
    }
    expect((await preview(ownersLink.token)).statusCode).toBe(200);
    // Twice, or from outside the crew: 404; an admin outside it neither lists nor revokes.
    expect((await mia.agent.delete(`/api/crews/${crew.id}/invites/${miasLink.token}`)).statusCode).toBe(404);
    expect((await stranger.agent.get(`/api/crews/${crew.id}/invites`)).json()).toEqual({ error: 'Crew not found', code: 'crew_not_found' });
    expect((await admin.agent.get(`/api/crews/${crew.id}/invites`)).statusCode).toBe(404);
    expect((await admin.agent.delete(`/api/crews/${crew.id}/invites/${ownersLink.token}`)).statusCode).toBe(404);
    expect((await preview(ownersLink.token)).statusCode).toBe(200);
  });

  it.each([
    ['a Cyrillic а among Latin letters', 'Fridаy poker club', 'Crew name must not mix letters of different alphabets'],
    ['a Greek ο among Latin letters', 'Friday pοker club', 'Crew name must not mix letters of different alphabets'],
  ])('refuses a name with %s', async (_, name, message) => {
    const before = (await mia.agent.get('/api/crews')).json();
    const response = await mia.agent.post('/api/crews', { name });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, code: 'invalid_input' });
    expect((await mia.agent.get('/api/crews')).json()).toEqual(before);
  });

  it('refuses a look-alike of an existing crew name: other case, full-width letters, digits for letters, one whole other alphabet', async () => {
    const original = await newCrew('Friday poker club');
    for (const name of ['FRIDAY POKER CLUB', 'Ｆｒｉｄａｙ ｐｏｋｅｒ ｃｌｕｂ', 'Fr1day p0ker c1ub', 'Friday  poker   club']) {
      const response = await mia.agent.post('/api/crews', { name });
      expect(response.statusCode, name).toBe(409);
      expect(response.json()).toEqual({ error: 'A crew with this name, or one that looks like it, already exists', code: 'crew_name_taken' });
    }
    // Greek capitals that pass for Latin ones, all of one alphabet: still the same name to the eye.
    expect((await mia.agent.post('/api/crews', { name: 'ΤΟΡ' })).statusCode).toBe(201);
    expect((await ned.agent.post('/api/crews', { name: 'TOP' })).json()).toMatchObject({ code: 'crew_name_taken' });
    // Full-width letters are stored as the letters they are (NFKC).
    const wide = await mia.agent.post('/api/crews', { name: 'Ｓａｔｕｒｄａｙ ｂｒｉｄｇｅ' });
    expect(wide.statusCode, wide.body).toBe(201);
    expect(crewSchema.parse(wide.json()).name).toBe('Saturday bridge');
    expect(original.name).toBe('Friday poker club');
  });

  it('keeps the chat from an admin outside the crew: 404, as for anyone', async () => {
    const crew = await fullCrew(`Private chat ${(counter += 1)}`);
    expect((await mia.agent.post(`/api/crews/${crew.id}/messages`, { text: 'Only for us' })).statusCode).toBe(201);
    // The attack: an admin who is no member reads the chat.
    const read = await admin.agent.get(`/api/crews/${crew.id}/messages`);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ error: 'Crew not found', code: 'crew_not_found' });
    expect(read.body).not.toContain('Only for us');
    expect((await admin.agent.post(`/api/crews/${crew.id}/messages`, { text: 'Hello' })).statusCode).toBe(404);
    // The members read it; an admin who joins reads it too.
    expect((await ned.agent.get(`/api/crews/${crew.id}/messages`)).body).toContain('Only for us');
    const { token } = await invite(crew.id);
    expect((await admin.agent.post(`/api/crews/join/${token}`)).statusCode).toBe(200);
    expect((await admin.agent.get(`/api/crews/${crew.id}/messages`)).body).toContain('Only for us');
  });

  it('quotes a crew name in the subject and the text of a mail, and escapes it in the HTML', async () => {
    const name = `<b>Poker</b> & co ${(counter += 1)}`;
    for (const [user, type] of [[owner, 'crew_joined'], [ned, 'crew_season_ended']] as const) {
      expect((await user.agent.put('/api/users/preferences', { email: { [type]: 'instant' } })).statusCode).toBe(200);
    }
    const crew = await fullCrew(name);
    expect((await owner.agent.post(`/api/crews/${crew.id}/seasons`)).statusCode).toBe(201);
    expect(await mailQueuedNotifications(app)).toBeGreaterThan(0);
    const mailTo = async (address: string, subject: string) =>
      (await app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, address))).find((m) => m.subject.startsWith(subject));
    // The season's end: the name is the subject's quoted part.
    const ended = await mailTo('tightned@betbro.test', 'Season 1');
    expect(ended?.subject).toBe(`Season 1 of "${name}" ended`);
    expect(ended?.html).toContain(`<title>Season 1 of &quot;&lt;b&gt;Poker&lt;/b&gt; &amp; co ${counter}&quot; ended</title>`);
    // A member joined: the name is quoted in the text, and text in the HTML.
    const joined = await mailTo('tightowner@betbro.test', 'Someone joined your crew');
    expect(joined?.text).toContain(`TightMia joined "${name}"`);
    for (const mail of [ended, joined]) expect(mail?.html).not.toContain('<b>Poker</b>');
    expect(joined?.html).toContain(`TightMia joined &quot;&lt;b&gt;Poker&lt;/b&gt; &amp; co ${counter}&quot;`);
  });
});
