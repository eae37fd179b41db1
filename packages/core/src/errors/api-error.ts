import { z } from 'zod';
import { ERROR_KINDS } from './catalogue.ts';

/** Body of every error answer of the API (DESIGN, API conventions). */
export const ZApiError = z.object({
  detail: z.string(),
  code: z.enum(ERROR_KINDS),
});
export type TApiError = z.infer<typeof ZApiError>;
