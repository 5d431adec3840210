import { z } from 'zod';
import { errorStatus } from '../errors';

/** The success envelope of DESIGN §1 around a route's `data` schema. */
export function successEnvelope<D extends z.ZodType>(data: D) {
  return z.object({
    success: z.literal(true),
    data,
    count: z.number().int().nonnegative().optional(),
    userMessage: z.string().optional(),
  });
}

export const errorCodeSchema = z.enum(
  Object.keys(errorStatus) as [keyof typeof errorStatus, ...(keyof typeof errorStatus)[]],
);

/** The failure envelope of DESIGN §1. */
export const failureEnvelope = z
  .object({
    success: z.literal(false),
    userMessage: z.string(),
    code: errorCodeSchema,
    details: z.array(z.object({ field: z.string().optional(), message: z.string() })).optional(),
  })
  .meta({ id: 'Failure' });

/** A reply with no data beyond the envelope's message. */
export const noData = z.null();
