import { ZPageQuery } from '@kkb/core/activities/query';
import { ZApiError } from '@kkb/core/errors/api-error';
import {
  ZPlan,
  ZPlannerRequest,
  ZSavedPlan,
  ZSavedPlanInput,
  ZSavedPlanList,
} from '@kkb/core/planner/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberOf } from '../../plugins/family-access.ts';
import { createPlanModel } from './model-client.ts';
import {
  createPlan,
  deletePlan,
  getPlan,
  listPlans,
  makePlan,
  updatePlan,
  type PlannerDeps,
} from './service.ts';

const tags = ['planner'];
const security = [{ bearer: [] }];
const ZIdParams = z.object({ id: z.string().min(1).max(64) });

export interface PlannerRouteOptions {
  /** How long a configured language model may take (ms) before the rules' plan is served. */
  modelTimeoutMs?: number;
}

/** The planner: a day or a week of play, and the family's saved plans (DESIGN, Planner). */
export const plannerRoutes =
  (options: PlannerRouteOptions = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const { database } = app;
    const onRequest = app.accessTokens.authenticate;
    const now = () => app.clock.now().toISOString();
    const deps: PlannerDeps = {
      weather: app.weather,
      weatherProvider: app.config.weather.provider,
      model: createPlanModel(app.config.llm, { timeoutMs: options.modelTimeoutMs }),
      log: app.log,
    };

    app.post(
      '/planner',
      {
        onRequest,
        config: { permission: 'family.read' },
        schema: {
          tags,
          security,
          summary:
            "Plan 1 to 7 days of play for the children in their time windows, by the rules (or a configured model choosing among the rules' candidates)",
          body: ZPlannerRequest,
          response: { 200: ZPlan, 400: ZApiError, 401: ZApiError, 404: ZApiError },
        },
      },
      (request) => makePlan(database.db, deps, request.familyId, request.body, now()),
    );

    app.get(
      '/planner/plans',
      {
        onRequest,
        config: { permission: 'family.read' },
        schema: {
          tags,
          security,
          summary: "The family's saved plans, most recently changed first",
          querystring: ZPageQuery,
          response: { 200: ZSavedPlanList, 400: ZApiError, 401: ZApiError },
        },
      },
      (request) => listPlans(database.db, request.familyId, request.query),
    );

    app.post(
      '/planner/plans',
      {
        onRequest,
        config: { permission: 'plans.edit', idempotent: true },
        schema: {
          tags,
          security,
          summary: 'Save a plan; each item names its activity, kept as it is now',
          body: ZSavedPlanInput,
          response: { 201: ZSavedPlan, 400: ZApiError, 401: ZApiError },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createPlan(database, memberOf(request), request.body, now())),
    );

    app.get(
      '/planner/plans/:id',
      {
        onRequest,
        config: { permission: 'family.read' },
        schema: {
          tags,
          security,
          summary: 'One saved plan',
          params: ZIdParams,
          response: { 200: ZSavedPlan, 401: ZApiError, 404: ZApiError },
        },
      },
      (request) => getPlan(database.db, request.familyId, request.params.id),
    );

    app.put(
      '/planner/plans/:id',
      {
        onRequest,
        config: { permission: 'plans.edit' },
        schema: {
          tags,
          security,
          summary: 'Replace a saved plan',
          params: ZIdParams,
          body: ZSavedPlanInput,
          response: { 200: ZSavedPlan, 400: ZApiError, 401: ZApiError, 404: ZApiError },
        },
      },
      (request) => updatePlan(database, memberOf(request), request.params.id, request.body, now()),
    );

    app.delete(
      '/planner/plans/:id',
      {
        onRequest,
        config: { permission: 'plans.edit' },
        schema: {
          tags,
          security,
          summary: 'Delete a saved plan',
          params: ZIdParams,
          response: { 204: z.null(), 401: ZApiError, 404: ZApiError },
        },
      },
      async (request, reply) => {
        await deletePlan(database.db, request.familyId, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
