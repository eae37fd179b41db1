import { z } from 'zod';

/**
 * The offline queue's id of one action: a UUID (or anything alike: 8 to 64 letters, digits, - or
 * _). The server applies each at most once per family, whether it comes through `POST /sync` or
 * with a call of the action's own route that carries it.
 */
export const ZSyncClientId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, - or _ (a UUID)');
