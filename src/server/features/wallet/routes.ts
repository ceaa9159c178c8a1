import { and, desc, eq, lt } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ledgerPageSchema, listQuerySchema } from '../../../shared/schemas/bets.ts';
import { presentLedgerEntry } from './service.ts';
import { ledgerEntries } from './tables.ts';
import { requireUser } from '../../plugins/auth.ts';

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/wallet/ledger',
    {
      schema: {
        tags: ['wallet'],
        summary: "The caller's own ledger rows, newest first, paged with `before`",
        querystring: listQuerySchema,
        response: { 200: ledgerPageSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { limit, before } = request.query;
      const rows = await app.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, user.id), before ? lt(ledgerEntries.id, before) : undefined))
        .orderBy(desc(ledgerEntries.id))
        .limit(limit);
      return {
        entries: rows.map(presentLedgerEntry),
        nextBefore: rows.length === limit ? (rows.at(-1)?.id ?? null) : null,
      };
    },
  );
};
