import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema } from '../../../shared/schemas/friends.ts';
import { calendarFeedSchema, calendarStatusSchema } from '../../../shared/schemas/calendar.ts';
import { requireUser } from '../../plugins/auth.ts';
import { calendarFeedOf, calendarFeedStatus, createCalendarFeed, deleteCalendarFeed } from './service.ts';

const tags = ['calendar'];

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/calendar',
    {
      schema: {
        tags,
        summary: "A new private address of the caller's calendar feed (iCalendar); the one before stops working",
        response: { 201: calendarFeedSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createCalendarFeed(app, requireUser(request))),
  );

  app.get(
    '/api/calendar',
    { schema: { tags, summary: 'Whether the caller has a calendar feed, and since when', response: { 200: calendarStatusSchema } } },
    async (request) => calendarFeedStatus(app, requireUser(request)),
  );

  app.delete(
    '/api/calendar',
    { schema: { tags, summary: "Stops the caller's calendar feed: its address opens nothing", response: { 200: okSchema } } },
    async (request) => {
      await deleteCalendarFeed(app, requireUser(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/calendar/:file',
    {
      schema: {
        tags,
        summary: 'The calendar feed at a private address (RFC 5545), for calendar apps; 404 once retired',
        params: z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{1,100}\.ics$/, 'Not a calendar feed') }),
        response: { 200: z.string().describe('text/calendar') },
      },
    },
    async (request, reply) => {
      const ics = await calendarFeedOf(app, request.params.file.slice(0, -'.ics'.length));
      return reply.header('cache-control', 'private, no-cache').type('text/calendar; charset=utf-8').send(ics);
    },
  );
};
