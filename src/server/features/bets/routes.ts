import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminResolveBodySchema,
  betDetailSchema,
  betListSchema,
  betSchema,
  betsQuerySchema,
  betTimelineSchema,
  createBetBodySchema,
  disputeBodySchema,
  editBetBodySchema,
  juryPoolQuerySchema,
  juryPoolSchema,
  listQuerySchema,
  openDisputesSchema,
  participateBodySchema,
  payoutPreviewSchema,
  payoutsQuerySchema,
  resolveBodySchema,
  voteBodySchema,
  type BetDetail,
} from '../../../shared/schemas/bets.ts';
import { idParamsSchema } from '../../../shared/schemas/common.ts';
import { hasLookAlikes } from '../../../shared/text-skeleton.ts';
import { notFound } from '../../errors.ts';
import { requireAdmin, requireUser } from '../../plugins/auth.ts';
import type { UserRow } from '../users/service.ts';
import { isExpired, presentBet, presentParticipant } from './present.ts';
import { plainBetPage } from './plain-feed.ts';
import { findBetDetail, listBets, listBetsJson, type BetDetailRows, type BetFilter } from './queries.ts';
import { castVote, disputeResult, openDisputes, resolveOrPropose } from './jury.ts';
import { createBet, editBet, editOwnBet, juryPool } from './service.ts';
import { previewPayouts, resolveBetAsAdmin, resolveRefusal } from './settlement.ts';
import { voidBet } from './voiding.ts';
import { placeStake } from './stakes.ts';
import { betTimeline } from './timeline.ts';

/**
 * The create body as the client checks it, plus options that look alike ("Yes" and "Υes" with a
 * Greek capital upsilon): that check needs the confusables table, too large for the client's bundle.
 */
const createBetBody = createBetBodySchema.refine((body) => !hasLookAlikes(body.options), {
  path: ['options'],
  message: 'Options must not look alike',
});

async function betDetail(app: FastifyInstance, viewer: UserRow, betId: number): Promise<BetDetail> {
  const found = await findBetDetail(app.db, viewer, betId);
  if (!found) throw notFound('Bet not found', 'bet_not_found');
  return presentDetail(found, viewer);
}

/**
 * The detail; `canStake`, `canResolve`, `canDispute` and `canVote` say what the stake's, the
 * resolution's and the jury's own rules allow the viewer.
 */
function presentDetail(found: BetDetailRows, viewer: UserRow): BetDetail {
  const pools = found.options.map((o) => o.poolCents);
  return {
    ...presentBet(found),
    participantList: found.participants.map((p) => presentParticipant(p.stake, p.username, pools)),
    canStake: found.canStake,
    canResolve: resolveRefusal(found.bet, isExpired(found.bet), viewer, viewer.role === 'admin') === null,
    canDispute: found.canDispute,
    canVote: found.canVote,
  };
}

export const betRoutes: FastifyPluginAsyncZod = async (app) => {
  const listSchema = (summary: string) =>
    ({ tags: ['bets'], summary, querystring: listQuerySchema, response: { 200: betListSchema } }) as const;
  /**
   * A feed page goes out as the JSON text listBetsJson writes: each bet's shared members checked
   * against betSchema once per version, the viewer's members typed by it (decision record 016).
   * The route's serializer, which would check and write all of it again, is not used: a string
   * with a JSON content type is sent as it is. PLAIN_PATHS switches this off (the presented bets
   * through the serializer) or the whole kept-bet reading (plain-feed.ts), for the bench.
   */
  const plain = app.config.plainPaths;
  const listFor = async (reply: FastifyReply, viewer: UserRow, filter: BetFilter, page: z.infer<typeof listQuerySchema>) => {
    if (plain.has('feed-reads')) return plainBetPage(app.db, viewer, filter, page);
    if (plain.has('feed-json')) return listBets(app.db, viewer, filter, page);
    return reply.type('application/json; charset=utf-8').send(await listBetsJson(app.db, viewer, filter, page));
  };

  app.get(
    '/api/bets',
    { schema: { ...listSchema("Bets the caller can see (admins: all); with crewId, that crew's"), querystring: betsQuerySchema } },
    async (request, reply) => {
      const { crewId, ...page } = request.query;
      return listFor(reply, requireUser(request), crewId === undefined ? { kind: 'visible' } : { kind: 'crew', crewId }, page);
    },
  );
  app.get('/api/bets/friends', { schema: listSchema("Bets by the caller and the caller's friends") }, async (request, reply) =>
    listFor(reply, requireUser(request), { kind: 'friends' }, request.query),
  );
  app.get(
    '/api/bets/user/:id',
    { schema: { ...listSchema('Bets a user created that the caller can see'), params: idParamsSchema } },
    async (request, reply) => listFor(reply, requireUser(request), { kind: 'creator', creatorId: request.params.id }, request.query),
  );
  app.get('/api/my-bets', { schema: listSchema('Bets the caller created or staked on, with userParticipation') }, async (request, reply) =>
    listFor(reply, requireUser(request), { kind: 'mine' }, request.query),
  );

  app.get(
    '/api/bets/jury-pool',
    {
      schema: {
        tags: ['bets'],
        summary: 'How many could sit on the jury of a bet the caller creates now (with crewId, in that crew), and how many a jury needs',
        querystring: juryPoolQuerySchema,
        response: { 200: juryPoolSchema },
      },
    },
    async (request) => juryPool(app, requireUser(request), request.query.crewId ?? null),
  );

  app.get(
    '/api/bets/:id',
    { schema: { tags: ['bets'], summary: 'A bet with its participants', params: idParamsSchema, response: { 200: betDetailSchema } } },
    async (request) => betDetail(app, requireUser(request), request.params.id),
  );

  app.get(
    '/api/bets/:id/timeline',
    {
      schema: {
        tags: ['bets'],
        summary: 'What happened to a bet, oldest first: created, resolved or voided, with who and when',
        params: idParamsSchema,
        response: { 200: betTimelineSchema },
      },
    },
    async (request) => {
      const timeline = await betTimeline(app.db, requireUser(request), request.params.id);
      if (!timeline) throw notFound('Bet not found', 'bet_not_found');
      return timeline;
    },
  );

  app.get(
    '/api/bets/:id/payouts',
    {
      schema: {
        tags: ['bets'],
        summary: 'What resolving the bet with an option would pay each stake, for whoever may resolve it to confirm first',
        params: idParamsSchema,
        querystring: payoutsQuerySchema,
        response: { 200: payoutPreviewSchema },
      },
    },
    async (request) => previewPayouts(app, requireUser(request), request.params.id, request.query.winningOption),
  );

  app.post(
    '/api/bets',
    { schema: { tags: ['bets'], summary: 'Creates a bet', body: createBetBody, response: { 201: betDetailSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const betId = await createBet(app, user, request.body);
      return reply.status(201).send(await betDetail(app, user, betId));
    },
  );

  app.post(
    '/api/bets/:id/participate',
    {
      schema: {
        tags: ['bets'],
        summary: 'Stakes an amount on one option',
        params: idParamsSchema,
        body: participateBodySchema,
        // The bet with the caller's new stake, without the detail's participant list: the
        // client reads the detail again after a stake (docs/decisions/010-stake-answers-the-bet.md).
        response: { 200: betSchema },
      },
    },
    async (request) => presentBet(await placeStake(app, requireUser(request), request.params.id, request.body)),
  );

  app.post(
    '/api/bets/:id/resolve',
    {
      schema: {
        tags: ['bets'],
        summary: "Whoever decides the bet declares the winning option; a jury bet's creator proposes it, with evidence",
        params: idParamsSchema,
        body: resolveBodySchema,
        response: { 200: betDetailSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await resolveOrPropose(app, user, request.params.id, request.body);
      return betDetail(app, user, request.params.id);
    },
  );

  app.post(
    '/api/bets/:id/dispute',
    {
      schema: {
        tags: ['bets'],
        summary: "A staker disputes a jury bet's proposed result before its window ends, which calls the jury",
        params: idParamsSchema,
        body: disputeBodySchema,
        response: { 200: betDetailSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await disputeResult(app, user, request.params.id, request.body);
      return betDetail(app, user, request.params.id);
    },
  );

  app.post(
    '/api/bets/:id/votes',
    {
      schema: {
        tags: ['bets'],
        summary: "A juror's vote on a disputed bet, once; the vote that completes the quorum settles it",
        params: idParamsSchema,
        body: voteBodySchema,
        response: { 200: betDetailSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await castVote(app, user, request.params.id, request.body.option);
      return betDetail(app, user, request.params.id);
    },
  );

  app.get(
    '/api/admin/disputes',
    { schema: { tags: ['admin'], summary: 'Jury bets whose result is disputed, newest dispute first', response: { 200: openDisputesSchema } } },
    async (request) => openDisputes(app.db, requireAdmin(request)),
  );

  app.put(
    '/api/bets/:id',
    {
      schema: {
        tags: ['bets'],
        summary: "The creator edits the bet's title and description, while nobody has staked on it",
        params: idParamsSchema,
        body: editBetBodySchema,
        response: { 200: betDetailSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await editOwnBet(app, user, request.params.id, request.body);
      return betDetail(app, user, request.params.id);
    },
  );

  app.put(
    '/api/admin/bets/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "Edits a bet's title and description",
        params: idParamsSchema,
        body: editBetBodySchema,
        response: { 200: betDetailSchema },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      await editBet(app, admin, request.params.id, request.body);
      return betDetail(app, admin, request.params.id);
    },
  );

  app.delete(
    '/api/admin/bets/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Deletes a bet: voids it and refunds every stake first',
        params: idParamsSchema,
        response: { 200: z.object({ id: z.number().int(), refunded: z.boolean() }) },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const refunded = await voidBet(app, request.params.id, 'deleted_by_admin', {
        actorId: admin.id,
        delete: true,
        audited: true,
      });
      return { id: request.params.id, refunded };
    },
  );

  app.post(
    '/api/admin/bets/:id/resolve',
    {
      schema: {
        tags: ['admin'],
        summary: 'An admin declares the winning option, at any time',
        params: idParamsSchema,
        body: adminResolveBodySchema,
        response: { 200: betDetailSchema },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      await resolveBetAsAdmin(app, admin, request.params.id, request.body.winningOption);
      return betDetail(app, admin, request.params.id);
    },
  );
};
