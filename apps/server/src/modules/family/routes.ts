import { ZPageQuery } from '@kkb/core/activities/query';
import { ZApiError } from '@kkb/core/errors/api-error';
import {
  ZAddChildBody,
  ZChild,
  ZChildUpdate,
  ZFamilyProfile,
  ZProfileUpdate,
} from '@kkb/core/family/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addChild,
  changeChild,
  getProfileFor,
  listFamilyChildren,
  removeChild,
  updateProfile,
} from './service.ts';
import { memberOf } from '../../plugins/family-access.ts';

const tags = ['family'];
const security = [{ bearer: [] }];
const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError };

const ZIndexParams = z.object({
  index: z.string().describe('0-based position of the child in creation order'),
});
const ZIdParams = z.object({ id: z.string().min(1).max(100) });
const ZChildList = z.object({
  children: z.array(ZChild),
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
});

/** The family profile document and its children, by index (spec §5) and by id (DESIGN). */
export const familyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app;
  const onRequest = app.accessTokens.authenticate;
  const now = () => new Date().toISOString();

  app.get(
    '/profile',
    {
      onRequest,
      config: { permission: 'family.read' },
      schema: {
        tags,
        security,
        summary:
          "The family profile document; its notification switches are the signed-in member's own",
        response: { 200: ZFamilyProfile, 401: ZApiError, 404: ZApiError },
      },
    },
    (request) => getProfileFor(database.db, memberOf(request)),
  );

  app.put(
    '/profile',
    {
      onRequest,
      config: { permission: 'profile.edit' },
      schema: {
        tags,
        security,
        summary:
          "Deep-merge changes into the profile (children have their own routes); preferences.notifications, weatherAlerts and activityReminders change the member's own notification preferences",
        body: ZProfileUpdate,
        response: { 200: ZFamilyProfile, ...errors },
      },
    },
    (request) => updateProfile(database, memberOf(request), request.body, now()),
  );

  for (const prefix of ['/profile/children', '/children']) {
    app.post(
      prefix,
      {
        onRequest,
        config: { permission: 'children.edit', idempotent: true },
        schema: {
          tags,
          security,
          summary:
            'Add a child (at most 12); with a clientId, at most once per family (409 when it was added already)',
          body: ZAddChildBody,
          response: { 201: ZChild, ...errors, 409: ZApiError },
        },
      },
      async (request, reply) => {
        const { clientId, ...input } = request.body;
        const child = await addChild(database, memberOf(request), input, now(), clientId);
        return reply.status(201).send(child);
      },
    );
  }

  app.get(
    '/children',
    {
      onRequest,
      config: { permission: 'family.read' },
      schema: {
        tags,
        security,
        summary: 'The children in creation order',
        querystring: ZPageQuery,
        response: { 200: ZChildList, ...errors },
      },
    },
    async (request) => {
      const { skip, limit } = request.query;
      const children = await listFamilyChildren(database.db, request.familyId);
      return { children: children.slice(skip, skip + limit), total: children.length, skip, limit };
    },
  );

  const routesByRef = [
    { path: '/profile/children/:index', params: ZIndexParams, by: 'index' },
    { path: '/children/:id', params: ZIdParams, by: 'id' },
  ] as const;
  for (const { path, params, by } of routesByRef) {
    const refOf = (raw: Record<string, string>) =>
      by === 'index' ? { index: raw.index ?? '' } : { id: raw.id ?? '' };
    app.patch(
      path,
      {
        onRequest,
        config: { permission: 'children.edit' },
        schema: {
          tags,
          security,
          summary: `Change a child (by ${by})`,
          params,
          body: ZChildUpdate,
          response: { 200: ZChild, ...errors },
        },
      },
      (request) =>
        changeChild(database, memberOf(request), refOf(request.params), request.body, now()),
    );
    app.delete(
      path,
      {
        onRequest,
        config: { permission: 'children.edit' },
        schema: {
          tags,
          security,
          summary: `Remove a child (by ${by})`,
          params,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await removeChild(database, memberOf(request), refOf(request.params));
        return reply.status(204).send(null);
      },
    );
  }
};
