import { z } from 'zod';

export const ZHealth = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  version: z.string(),
});
export type THealth = z.infer<typeof ZHealth>;
