import { z } from 'zod';

export const ZHealth = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  version: z.string(),
});
export type THealth = z.infer<typeof ZHealth>;

/** Readiness: the database answers and every migration has run. */
export const ZReadiness = z.object({
  status: z.literal('ready'),
  database: z.enum(['sqlite', 'postgres']),
  migrations: z.number().int().min(0),
});
export type TReadiness = z.infer<typeof ZReadiness>;
