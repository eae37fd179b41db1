import { ZApiError } from '@kkb/core/errors/api-error';
import {
  ZFamily,
  ZInviteCreate,
  ZInviteCreated,
  ZInvitePreview,
  ZJoinFamily,
  ZRoleChange,
} from '@kkb/core/family/members';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeRole,
  createInvite,
  getFamily,
  joinFamily,
  previewInvite,
  removeMember,
  revokeInvite,
  type MembershipChange,
} from './membership-service.ts';

const tags = ['family'];
const security = [{ bearer: [] }];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const ZUserIdParams = z.object({ userId: z.string().min(1).max(100) });
const ZInviteIdParams = z.object({ id: z.string().min(1).max(100) });
const ZInviteTokenParams = z.object({ token: z.string().min(1).max(200) });

/** DESIGN, Families: members, invitations, joining, roles, leaving. */
export const membershipRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app;
  const onRequest = app.accessTokens.authenticate;
  /** Members whose family or role changed see it on their next request, on every process. */
  const applied = async (change: MembershipChange) => {
    await app.familyAccess.forget(...change.users);
    await app.dataVersions.bump(...change.families);
  };

  app.get(
    '/family',
    {
      onRequest,
      config: { permission: 'family.read' },
      schema: {
        tags,
        security,
        summary: 'The family: members with their roles and pending invitations',
        response: { 200: ZFamily, 401: ZApiError },
      },
    },
    (request) => getFamily(database.db, request.familyId, new Date().toISOString()),
  );

  app.post(
    '/family/invites',
    {
      onRequest,
      config: { permission: 'members.manage', idempotent: true },
      schema: {
        tags,
        security,
        summary: 'Invite someone: a one-time /join/{token} link, valid 7 days, mailed if asked',
        body: ZInviteCreate,
        response: { 201: ZInviteCreated, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createInvite(
        { database, mailer: app.mailer, publicUrl: config.publicUrl, log: request.log },
        { userId: request.userId, familyId: request.familyId },
        request.body,
        new Date(),
      );
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/family/invites/:id',
    {
      onRequest,
      config: { permission: 'members.manage' },
      schema: {
        tags,
        security,
        summary: 'Revoke a pending invitation',
        params: ZInviteIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await revokeInvite(database, request.familyId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/family/join/:token',
    {
      schema: {
        tags,
        summary:
          "Whom an invitation link is from (no sign-in needed: the link is the secret): the family's name, the inviter's first name, the role; 404 when used, expired or revoked",
        params: ZInviteTokenParams,
        response: { 200: ZInvitePreview, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return previewInvite(database.db, request.params.token, app.clock.now().toISOString());
    },
  );

  app.post(
    '/family/join',
    {
      onRequest,
      config: { permission: 'family.read', idempotent: true },
      schema: {
        tags,
        security,
        summary:
          "Join the invitation's family; 409 when one's own family has data and discardOwnFamily is not set",
        body: ZJoinFamily,
        response: { 200: ZFamily, ...errors },
      },
    },
    async (request) => {
      const { family, change } = await joinFamily(
        database,
        config.dataDir,
        request.userId,
        request.body,
        new Date(),
      );
      await applied(change);
      return family;
    },
  );

  app.patch(
    '/family/members/:userId',
    {
      onRequest,
      config: { permission: 'members.manage' },
      schema: {
        tags,
        security,
        summary: "Change a member's role; making someone owner hands ownership over",
        params: ZUserIdParams,
        body: ZRoleChange,
        response: { 200: ZFamily, ...errors },
      },
    },
    async (request) => {
      const { family, change } = await changeRole(
        database,
        { userId: request.userId, familyId: request.familyId },
        request.params.userId,
        request.body.role,
        new Date().toISOString(),
      );
      await applied(change);
      return family;
    },
  );

  app.delete(
    '/family/members/:userId',
    {
      onRequest,
      // Anyone may leave; removing someone else is checked in the service (members.manage).
      config: { permission: 'family.read' },
      schema: {
        tags,
        security,
        summary: 'Remove a member (owner), or leave with your own id; they get a new family',
        params: ZUserIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const change = await removeMember(
        database,
        { userId: request.userId, familyId: request.familyId },
        request.params.userId,
        new Date().toISOString(),
      );
      await applied(change);
      return reply.status(204).send(null);
    },
  );
};
