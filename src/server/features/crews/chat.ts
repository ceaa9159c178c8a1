import { and, desc, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CrewMessage } from '../../../shared/schemas/crews.ts';
import type { Db } from '../../db/client.ts';
import { users, type UserRow } from '../users/service.ts';
import { crewMembers, crewMessages } from './tables.ts';
import { crewFor } from './access.ts';

/** A crew's chat (docs/product.md §6.7): its members' alone, live to each of them. */

const CREW_MESSAGE_PAGE = 50;

function presentMessage(message: typeof crewMessages.$inferSelect, senderUsername: string): CrewMessage {
  return {
    id: message.id,
    crewId: message.crewId,
    senderId: message.senderId,
    senderUsername,
    text: message.text,
    createdAt: message.createdAt.toISOString(),
  };
}

async function presentMessages(db: Db, where: ReturnType<typeof and>, limit: number): Promise<CrewMessage[]> {
  const rows = await db
    .select({ message: crewMessages, username: users.username })
    .from(crewMessages)
    .innerJoin(users, eq(users.id, crewMessages.senderId))
    .where(where)
    .orderBy(desc(crewMessages.id))
    .limit(limit);
  return rows.map(({ message, username }) => presentMessage(message, username));
}

/** The crew's chat, newest first, a page at a time, for its members only. */
export async function crewMessagePage(app: FastifyInstance, viewer: UserRow, crewId: number, before: number | undefined) {
  // The chat is the members' alone: an admin outside the crew is told it does not exist (§6.7).
  await crewFor(app.db, viewer, crewId, { membersOnly: true });
  const messages = await presentMessages(
    app.db,
    and(eq(crewMessages.crewId, crewId), before === undefined ? undefined : lt(crewMessages.id, before)),
    CREW_MESSAGE_PAGE + 1,
  );
  const more = messages.length > CREW_MESSAGE_PAGE;
  const page = messages.slice(0, CREW_MESSAGE_PAGE);
  return { messages: page, nextBefore: more ? page[page.length - 1]!.id : null };
}

/** A member writes to the crew's chat; every member hears it live. */
export async function sendCrewMessage(app: FastifyInstance, member: UserRow, crewId: number, text: string): Promise<CrewMessage> {
  await crewFor(app.db, member, crewId, { membersOnly: true });
  const [row] = await app.db.insert(crewMessages).values({ crewId, senderId: member.id, text }).returning();
  if (!row) throw new Error('message insert returned nothing');
  app.domainEvents.emit({ type: 'crew_message', crewId, messageId: row.id });
  return presentMessage(row, member.username);
}

/** A crew message as its live event carries it, with the members who hear it: those of the crew now. */
export async function crewMessageDelivery(app: FastifyInstance, messageId: number): Promise<{ userIds: number[]; message: CrewMessage } | null> {
  const [message] = await presentMessages(app.db, eq(crewMessages.id, messageId), 1);
  if (!message) return null;
  const members = await app.db.select({ userId: crewMembers.userId }).from(crewMembers).where(eq(crewMembers.crewId, message.crewId));
  return { userIds: members.map((m) => m.userId), message };
}
