import { ZAccountDelete, ZAccountUpdate } from '@kkb/core/account/account';
import { ZUser } from '@kkb/core/auth/schemas';
import { ZApiError } from '@kkb/core/errors/api-error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bytesAnswer } from '../../plugins/api-contract.ts';
import { DEFAULT_AUTH_RATE_LIMITS, RateLimiter } from '../auth/rate-limit.ts';
import { deleteAccount, exportFamily, updateAccount } from './service.ts';

const tags = ['account'];
const security = [{ bearer: [] }];
const ZIP_ANSWER = bytesAnswer("The family's data as JSON files plus their uploaded files", [
  'application/zip',
]);

/** A family's own data (issue 18): take it all away, or delete one's account. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app;
  const onRequest = app.accessTokens.authenticate;
  const passwordFailures = new RateLimiter(
    app.rateLimitStore,
    'account-delete-failures',
    DEFAULT_AUTH_RATE_LIMITS.deletePasswordFailures,
  );

  app.get(
    '/account/export',
    {
      onRequest,
      // Any member may take their family's data along: it is what they can already read.
      config: { permission: 'family.read' },
      schema: {
        tags,
        security,
        summary: "Download the family's data: a ZIP of JSON files and their uploaded files",
        response: { 200: ZIP_ANSWER, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request, reply) => {
      const { fileName, archive } = await exportFamily(
        database,
        config.dataDir,
        { userId: request.userId, familyId: request.familyId },
        new Date(),
      );
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength));
    },
  );

  app.patch(
    '/account',
    {
      onRequest,
      // Every member names themselves, caregivers too (the family's members list shows it).
      config: { permission: 'family.read' },
      schema: {
        tags,
        security,
        summary: 'Change my own name: how the app greets me and how my family sees me',
        body: ZAccountUpdate,
        response: { 200: ZUser, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    (request) => updateAccount(database.db, request.userId, request.body, app.clock.now()),
  );

  app.delete(
    '/account',
    {
      onRequest,
      // Every member may delete their own account; the service decides what goes with it.
      config: { permission: 'family.read' },
      schema: {
        tags,
        security,
        summary:
          'Delete my account (password, or a sign-in within 10 minutes for accounts without one); ' +
          'the family and its files go too when I am its last member',
        body: ZAccountDelete,
        response: {
          204: z.null(),
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          409: ZApiError,
          429: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const member = { userId: request.userId, familyId: request.familyId };
      await deleteAccount(
        database,
        config.dataDir,
        member,
        request.body,
        request.tokenIssuedAtMs,
        new Date(),
        passwordFailures,
      );
      await app.accessTokens.forgetUser(member.userId);
      await app.familyAccess.forget(member.userId);
      return reply.status(204).send(null);
    },
  );
};
