import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NotFoundError } from '../errors';
import { parseInput } from '../http/parse';
import { serve } from '../http/contract';
import { MAX_ADDRESS_LENGTH, pickupMessages } from '../../shared/pickup';
import { DEFAULT_RADIUS_KM, MAX_RADIUS_KM, MIN_RADIUS_KM, type PickupService } from './service';

const radiusMessage = `radiusKm must be a number of kilometres from ${MIN_RADIUS_KM} to ${MAX_RADIUS_KM}`;

const searchSchema = z.object({
  address: z
    .string({ error: pickupMessages.addressRequired })
    .trim()
    .min(1, pickupMessages.addressRequired)
    .max(MAX_ADDRESS_LENGTH, pickupMessages.addressTooLong),
  radiusKm: z
    .number({ error: radiusMessage })
    .min(MIN_RADIUS_KM, radiusMessage)
    .max(MAX_RADIUS_KM, radiusMessage)
    .default(DEFAULT_RADIUS_KM),
});

const searchRefusals = { [pickupMessages.addressRequired]: 'address_required' } as const;

const codeSchema = z.object({ code: z.string().trim().min(1).max(32) });

export function pickupRoutes(app: FastifyInstance, pickup: PickupService): void {
  // The PAXI finder: {address, radiusKm} → {paxiPoints: [{id, name, address, distance, …}], count, location: {address}}.
  serve(app, 'findPickupPoints', async (request) => {
    const { address, radiusKm } = parseInput(searchSchema, request.body ?? {}, searchRefusals);
    return pickup.search(address, radiusKm);
  });

  // One open point, for checkout to show and check the shopper's choice.
  app.get('/api/paxi-points/:code', async (request) => {
    const parsed = codeSchema.safeParse(request.params);
    const point = parsed.success ? await pickup.findPoint(parsed.data.code) : null;
    if (!point) throw new NotFoundError(pickupMessages.pointNotAvailable, 'point_unavailable');
    return point;
  });
}
