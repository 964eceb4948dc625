import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profileUpdateRequest, userData } from '@tractorlink/domain/auth';
import { takeUploadKey } from '../../http/idempotency';
import { readUploadedFile } from '../../http/upload';
import { IMAGE_CONTENT_TYPES } from './image-type';
import { principalOf, requireAuth } from '../sessions/require-auth';
import type { SessionService } from '../sessions/service';
import { MAX_IMAGE_BYTES } from './service';
import type { ProfileService } from './service';

export interface ProfileRoutesOptions {
  profile: ProfileService;
  sessions: SessionService;
}

const tags = ['profile'];
const security = [{ bearer: [] }];
/** The spec's `isSec` flag is accepted and ignored (DESIGN §9: transport is HTTPS). */
const isSec = z.enum(['true', 'false']).optional();

export const profileRoutes: FastifyPluginAsyncZod<ProfileRoutesOptions> = async (app, { profile, sessions }) => {
  app.addHook('preHandler', requireAuth(sessions));

  app.get('/profile', {
    schema: { tags, security, querystring: z.strictObject({ isSec }), response: { 200: userData } },
    handler: async (request) => profile.get(principalOf(request).userId),
  });

  app.put('/profile', {
    schema: { tags, security, querystring: z.strictObject({ isSec }), body: profileUpdateRequest, response: { 200: userData } },
    handler: async (request) => profile.update(principalOf(request).userId, request.body),
  });

  app.post('/image', {
    schema: {
      tags,
      security,
      consumes: ['multipart/form-data'],
      querystring: z.strictObject({ isSec }),
      description:
        'Multipart form with one file field `image`: jpeg or png (checked by content), at most 2 MB. Honours Idempotency-Key (the same photo sent again with its key is stored once).',
      // The upload answers the owner's data with the new imageURL.
      response: { 200: userData },
    },
    handler: async (request, reply) => {
      const { userId } = principalOf(request);
      const bytes = await readUploadedFile(request, 'image', MAX_IMAGE_BYTES);
      // The phone's outbox resends a photo with its Idempotency-Key until it has an answer: stored once.
      if (await takeUploadKey(request, reply, [{ field: 'image', data: bytes }])) return reply;
      return profile.setImage(userId, bytes);
    },
  });

  app.get('/image', {
    config: { binaryAnswer: IMAGE_CONTENT_TYPES },
    schema: {
      tags,
      security,
      querystring: z.strictObject({ imageName: z.string().min(1).max(64), isSec }),
      description: 'The picture named by userData.imageURL (only your own; others are 404).',
    },
    handler: async (request, reply) => {
      const image = await profile.getImage(principalOf(request).userId, request.query.imageName);
      return reply.type(image.contentType).send(image.data);
    },
  });
};
