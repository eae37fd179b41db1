import type { TNotification } from '@kkb/core/notifications/schema';
import { jsonResponse, type FakeFetch } from '../../../test/fake-fetch';

let nextId = 1;

/** A notification created `minutesAgo` minutes before now (unread, no link, unless told). */
export function notification(
  overrides: Partial<TNotification> & { minutesAgo?: number } = {},
): TNotification {
  const { minutesAgo = 0, ...rest } = overrides;
  const createdAt = new Date(Date.now() - minutesAgo * 60_000 - 30_000).toISOString();
  const id = rest.id ?? `n${nextId++}`;
  return {
    id,
    userId: 'user-1',
    type: 'general',
    title: `Notification ${id}`,
    message: 'Something happened.',
    data: {},
    read: false,
    read_at: null,
    readAt: null,
    createdAt,
    ...rest,
  };
}

/**
 * The notifications endpoints over a list held in memory, as the server would answer them:
 * newest first, skip/limit/type, unread count, read, mark all, delete and clear read.
 */
export function serveNotifications(server: FakeFetch, initial: TNotification[]) {
  const state = { list: [...initial] };
  const read = (n: TNotification): TNotification =>
    n.read ? n : { ...n, read: true, read_at: n.createdAt, readAt: n.createdAt };

  server.on('GET /api/v1/notifications', ({ query }) => {
    const skip = Number(query.get('skip') ?? 0);
    const limit = Number(query.get('limit') ?? 50);
    const type = query.get('notification_type');
    const matching = state.list.filter((n) => type === null || n.type === type);
    return jsonResponse(200, { notifications: matching.slice(skip, skip + limit) });
  });
  server.on('GET /api/v1/notifications/unread-count', () =>
    jsonResponse(200, { count: state.list.filter((n) => !n.read).length }),
  );
  server.on('POST /api/v1/notifications/mark-all-read', () => {
    state.list = state.list.map(read);
    return jsonResponse(204);
  });
  server.on('DELETE /api/v1/notifications', ({ query }) => {
    if (query.get('read_only') === 'true') state.list = state.list.filter((n) => !n.read);
    return jsonResponse(204);
  });
  for (const { id } of initial) {
    server.on(`POST /api/v1/notifications/${id}/read`, () => {
      state.list = state.list.map((n) => (n.id === id ? read(n) : n));
      return jsonResponse(204);
    });
    server.on(`DELETE /api/v1/notifications/${id}`, () => {
      state.list = state.list.filter((n) => n.id !== id);
      return jsonResponse(204);
    });
  }
  return state;
}
