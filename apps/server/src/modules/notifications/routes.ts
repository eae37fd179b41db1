import { ZApiError } from '@kkb/core/errors/api-error';
import {
  ZAchievementNotificationBody,
  ZActivityReminderBody,
  ZActivitySuggestionBody,
  ZDailySummaryBody,
  ZMarkAllReadResult,
  ZNotification,
  ZNotificationDeleteQuery,
  ZNotificationDelivery,
  ZNotificationInput,
  ZNotificationList,
  ZNotificationListQuery,
  ZNotificationPreferences,
  ZNotificationPreferencesInput,
  ZUnreadCount,
  ZWeatherAlertBody,
  type TNotificationDelivery,
} from '@kkb/core/notifications/schema';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inUserTransaction } from '../../db/family-lock.ts';
import {
  achievementDraft,
  announce,
  createNotification,
  dailySummaryDraft,
  deleteNotification,
  deleteNotifications,
  deliver,
  getNotification,
  getPreferences,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  reminderDraft,
  suggestionDraft,
  unreadCount,
  updatePreferences,
  weatherAlertDraft,
  type NotificationDraft,
} from './service.ts';

const tags = ['notifications'];
const security = [{ bearer: [] }];
const ZIdParams = z.object({ id: z.string().min(1).max(64) });

const DELIVERY_STATUS_CODE: Record<TNotificationDelivery['status'], 200 | 201 | 202> = {
  created: 201,
  scheduled: 202,
  switched_off: 200,
};

const TYPED_ANSWERS =
  '201 {status:"created", notification} when made now (inside quiet hours too: they hold back ' +
  'only its push); 202 {status:"scheduled", deliverAt} when it waits for its time; 200 ' +
  '{status:"switched_off"} and nothing made when the user\'s preferences turn this kind off';

/** The spec's client writes the collection as `/notifications/`; both spellings answer. */
const COLLECTION_URLS = ['/notifications', '/notifications/'];

const deliveryResponses = {
  200: ZNotificationDelivery,
  201: ZNotificationDelivery,
  202: ZNotificationDelivery,
  400: ZApiError,
  401: ZApiError,
};

/**
 * Spec §7 notifications REST: the signed-in user's own notifications (DESIGN: they belong to the
 * user, not the family, so another user's answer 404 like a missing one) and preferences.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app;
  const { db } = database;
  const onRequest = app.accessTokens.authenticate;
  const now = () => app.clock.now();
  const changed = (userId: string, id?: string) =>
    void app.liveEvents.publish(
      { userId },
      { type: 'notification.changed', ...(id !== undefined && { id }) },
    );

  for (const url of COLLECTION_URLS) {
    app.get(
      url,
      {
        onRequest,
        schema: {
          hide: url.endsWith('/'),
          tags,
          security,
          summary:
            'My notifications, newest first; read_only=true lists only read ones, notification_type one kind',
          querystring: ZNotificationListQuery,
          response: { 200: ZNotificationList, 400: ZApiError, 401: ZApiError },
        },
      },
      async (request) => ({
        notifications: await listNotifications(db, request.userId, request.query),
      }),
    );
  }

  app.get(
    '/notifications/unread-count',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'How many of my notifications are unread (the badge)',
        response: { 200: ZUnreadCount, 401: ZApiError },
      },
    },
    async (request) => ({ count: await unreadCount(db, request.userId) }),
  );

  app.get(
    '/notifications/preferences',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'My notification preferences (the defaults until I change any)',
        response: { 200: ZNotificationPreferences, 401: ZApiError },
      },
    },
    (request) => getPreferences(db, request.userId),
  );

  app.put(
    '/notifications/preferences',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Change any of my notification preferences (deep merge); answers all of them',
        body: ZNotificationPreferencesInput,
        response: { 200: ZNotificationPreferences, 400: ZApiError, 401: ZApiError },
      },
    },
    (request) => updatePreferences(database, request.userId, request.body, now()),
  );

  app.get(
    '/notifications/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'One of my notifications',
        params: ZIdParams,
        response: { 200: ZNotification, 401: ZApiError, 404: ZApiError },
      },
    },
    (request) => getNotification(db, request.userId, request.params.id),
  );

  for (const url of COLLECTION_URLS) {
    app.post(
      url,
      {
        onRequest,
        config: { idempotent: true },
        schema: {
          hide: url.endsWith('/'),
          tags,
          security,
          summary:
            'Add a notification of my own, at once (the typed routes below are the app kinds that follow my preferences)',
          body: ZNotificationInput,
          response: { 201: ZNotification, 400: ZApiError, 401: ZApiError },
        },
      },
      async (request, reply) => {
        const notification = await inUserTransaction(database, request.userId, (trx) =>
          createNotification(trx, request.userId, request.body, now()),
        );
        announce(app.liveEvents, [notification]);
        return reply.status(201).send(notification);
      },
    );
  }

  app.post(
    '/notifications/:id/read',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Mark one read; its read time is the first time it was read',
        params: ZIdParams,
        response: { 200: ZNotification, 401: ZApiError, 404: ZApiError },
      },
    },
    async (request) => {
      const notification = await markNotificationRead(db, request.userId, request.params.id, now());
      changed(request.userId, notification.id);
      return notification;
    },
  );

  app.post(
    '/notifications/mark-all-read',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Mark all my unread notifications read; answers how many were',
        response: { 200: ZMarkAllReadResult, 401: ZApiError },
      },
    },
    async (request) => {
      const marked = await markAllNotificationsRead(db, request.userId, now());
      if (marked > 0) changed(request.userId);
      return { marked };
    },
  );

  app.delete(
    '/notifications/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Delete one of my notifications',
        params: ZIdParams,
        response: { 204: z.null(), 401: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await deleteNotification(db, request.userId, request.params.id);
      changed(request.userId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  for (const url of COLLECTION_URLS) {
    app.delete(
      url,
      {
        onRequest,
        schema: {
          hide: url.endsWith('/'),
          tags,
          security,
          summary: 'Delete all my notifications, or only the read ones with read_only=true',
          querystring: ZNotificationDeleteQuery,
          response: { 204: z.null(), 400: ZApiError, 401: ZApiError },
        },
      },
      async (request, reply) => {
        if (await deleteNotifications(db, request.userId, request.query.read_only ?? false)) {
          changed(request.userId);
        }
        return reply.status(204).send(null);
      },
    );
  }

  const answer = async (
    reply: FastifyReply,
    userId: string,
    draft: NotificationDraft,
    due?: Date,
  ) => {
    const delivery = await inUserTransaction(database, userId, (trx) =>
      deliver(trx, { jobs: app.jobs, push: app.push, now: now() }, userId, draft, due),
    );
    announce(app.liveEvents, [delivery.notification]);
    return reply.status(DELIVERY_STATUS_CODE[delivery.status]).send(delivery);
  };

  app.post(
    '/notifications/activity-reminder',
    {
      onRequest,
      config: { idempotent: true },
      schema: {
        tags,
        security,
        summary: `Remind me of an activity at scheduled_time (now when it has passed). ${TYPED_ANSWERS}`,
        body: ZActivityReminderBody,
        response: deliveryResponses,
      },
    },
    (request, reply) =>
      answer(
        reply,
        request.userId,
        reminderDraft(request.body),
        new Date(request.body.scheduled_time),
      ),
  );

  app.post(
    '/notifications/weather-alert',
    {
      onRequest,
      config: { idempotent: true },
      schema: {
        tags,
        security,
        summary: `A weather alert. ${TYPED_ANSWERS}`,
        body: ZWeatherAlertBody,
        response: deliveryResponses,
      },
    },
    (request, reply) => answer(reply, request.userId, weatherAlertDraft(request.body)),
  );

  app.post(
    '/notifications/achievement',
    {
      onRequest,
      config: { idempotent: true },
      schema: {
        tags,
        security,
        summary: `An achievement (points_earned defaults to 0). ${TYPED_ANSWERS}`,
        body: ZAchievementNotificationBody,
        response: deliveryResponses,
      },
    },
    (request, reply) => answer(reply, request.userId, achievementDraft(request.body)),
  );

  app.post(
    '/notifications/activity-suggestion',
    {
      onRequest,
      config: { idempotent: true },
      schema: {
        tags,
        security,
        summary: `An activity suggestion. ${TYPED_ANSWERS}`,
        body: ZActivitySuggestionBody,
        response: deliveryResponses,
      },
    },
    (request, reply) => answer(reply, request.userId, suggestionDraft(request.body)),
  );

  app.post(
    '/notifications/daily-summary',
    {
      onRequest,
      config: { idempotent: true },
      schema: {
        tags,
        security,
        summary: `A summary of the day (total_time in minutes). ${TYPED_ANSWERS}`,
        body: ZDailySummaryBody,
        response: deliveryResponses,
      },
    },
    (request, reply) => answer(reply, request.userId, dailySummaryDraft(request.body)),
  );
};
