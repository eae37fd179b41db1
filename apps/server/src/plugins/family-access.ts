import { ZApiError } from '@kkb/core/errors/api-error';
import { formatErrorMessage } from '@kkb/core/errors/catalogue';
import type { TFamilyRole } from '@kkb/core/family/members';
import { ACTION_DESCRIPTIONS, isAllowed, type TFamilyAction } from '@kkb/core/family/permissions';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FamilyMember } from '../db/family-lock.ts';
import { AppError } from '../errors.ts';
import { ExpiringCache } from '../lib/expiring-cache.ts';

/**
 * How long a user's family and role are reused before they are read again. A change drops the
 * entry at once on every process (see `forget`); the time bounds a drop that a process missed
 * (its broadcast connection was down).
 */
export const MEMBERSHIP_TTL_MS = 5_000;
/** Broadcast channel: the message is a JSON array of the ids of users whose membership changed. */
export const MEMBERSHIP_CHANGED_CHANNEL = 'memberships.changed';
const MAX_ENTRIES = 10_000;

export interface Membership {
  familyId: string;
  role: TFamilyRole;
}

export interface FamilyAccess {
  /** The user's family and role, from the short cache. */
  membership(userId: string): Promise<Membership | undefined>;
  /**
   * Drops the cached membership of users whose family or role just changed: on this process
   * before it resolves, on the others as the broadcast reaches them.
   */
  forget(...userIds: string[]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a family route does (core's family actions). The route then runs with
     * `request.familyId` and `request.role` set, and members whose role may not do it get 403.
     */
    permission?: TFamilyAction;
  }
  interface FastifyRequest {
    /** The signed-in user's family; set on routes that declare a `permission`. */
    familyId: string;
    role: TFamilyRole;
  }
  interface FastifyInstance {
    familyAccess: FamilyAccess;
  }
}

export const permissionDenied = (action: TFamilyAction): AppError =>
  new AppError(
    403,
    'PERMISSION_DENIED',
    formatErrorMessage('PERMISSION_DENIED', { action: ACTION_DESCRIPTIONS[action] }),
  );

/**
 * The one place where roles are enforced: every route with `config.permission` gets a hook, run
 * after `authenticate`, that looks up the user's family and refuses what their role may not do.
 * Sessions carry only the user, so a member who changes family keeps signing in.
 */
export function registerFamilyAccess(app: FastifyInstance): void {
  const memberships = new ExpiringCache<Membership | undefined>({
    maxEntries: MAX_ENTRIES,
    ttlMs: MEMBERSHIP_TTL_MS,
  });
  const load = async (userId: string): Promise<Membership | undefined> => {
    const row = await app.database.db
      .selectFrom('familyMembers')
      .select(['familyId', 'role'])
      .where('userId', '=', userId)
      .executeTakeFirst();
    return row && { familyId: row.familyId, role: row.role as TFamilyRole };
  };
  const drop = (userIds: readonly string[]) => {
    for (const userId of userIds) memberships.delete(userId);
  };
  app.broadcast.subscribe(MEMBERSHIP_CHANGED_CHANNEL, (message) =>
    drop(JSON.parse(message) as string[]),
  );
  const familyAccess: FamilyAccess = {
    membership: (userId) => memberships.get(userId, () => load(userId)),
    async forget(...userIds) {
      drop(userIds);
      await app.broadcast.publish(MEMBERSHIP_CHANGED_CHANNEL, JSON.stringify(userIds));
    },
  };
  app.decorate('familyAccess', familyAccess);
  app.decorateRequest('familyId', '');
  app.decorateRequest('role', 'caregiver');

  const checkFor = (action: TFamilyAction) =>
    async function checkPermission(request: FastifyRequest): Promise<void> {
      if (!request.userId) throw new AppError(401, 'AUTHENTICATION_REQUIRED');
      const membership = await familyAccess.membership(request.userId);
      // Every user has a family; none means the account is gone.
      if (!membership) throw new AppError(401, 'AUTHENTICATION_REQUIRED');
      request.familyId = membership.familyId;
      request.role = membership.role;
      if (!isAllowed(membership.role, action)) throw permissionDenied(action);
    };

  app.addHook('onRoute', (route) => {
    const action = route.config?.permission;
    if (!action) return;
    const earlier: onRequestHookHandler[] = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...earlier, checkFor(action) as onRequestHookHandler];
    // The refusal is part of every such route's contract (and of the OpenAPI document).
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (route.schema && response && !('403' in response)) {
      route.schema.response = { ...response, 403: ZApiError };
    }
  });
}

/** The signed-in member a family route acts for (in its write request, when it is one). */
export const memberOf = (request: FastifyRequest): FamilyMember => ({
  familyId: request.familyId,
  userId: request.userId,
  ...(request.familyWrite && { write: request.familyWrite }),
});
