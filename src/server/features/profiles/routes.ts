import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/schemas/common.ts';
import { preferencesSchema, updatePreferencesBodySchema } from '../../../shared/schemas/notifications.ts';
import { friendProfileSchema, ownProfileSchema, updateProfileBodySchema } from '../../../shared/schemas/profiles.ts';
import { requireUser } from '../../plugins/auth.ts';
import { friendProfile, getPreferences, ownProfile, updatePreferences, updateProfile } from './service.ts';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/profile',
    { schema: { tags: ['profiles'], summary: "The caller's profile with stats and achievements", response: { 200: ownProfileSchema } } },
    async (request) => ownProfile(app, requireUser(request)),
  );

  app.post(
    '/api/users/profile',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Updates bio, location and favorite category',
        body: updateProfileBodySchema,
        response: { 200: ownProfileSchema },
      },
    },
    async (request) => ownProfile(app, await updateProfile(app, requireUser(request), request.body)),
  );

  app.get(
    '/api/users/preferences',
    { schema: { tags: ['profiles'], summary: 'Theme, notification and privacy settings', response: { 200: preferencesSchema } } },
    async (request) => getPreferences(app, requireUser(request).id),
  );

  app.put(
    '/api/users/preferences',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Changes some settings; the others stay',
        body: updatePreferencesBodySchema,
        response: { 200: preferencesSchema },
      },
    },
    async (request) => updatePreferences(app, requireUser(request).id, request.body),
  );

  app.get(
    '/api/users/:id/profile',
    {
      schema: {
        tags: ['profiles'],
        summary: "A friend's profile (friends and admins only)",
        params: idParamsSchema,
        response: { 200: friendProfileSchema },
      },
    },
    async (request) => friendProfile(app, requireUser(request), request.params.id),
  );
};
