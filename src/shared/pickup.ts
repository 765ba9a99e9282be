/** The longest address the finder takes. */
export const MAX_ADDRESS_LENGTH = 200;

/**
 * The PAXI finder's texts, shared so that the message beside the search box is the one the API
 * sends (spec sections 5 and 8, where the spec gives one).
 */
export const pickupMessages = {
  addressRequired: 'Address Required: Please enter your suburb, town or postal code to find a PAXI point to collect from.',
  addressTooLong: `The address is too long (${MAX_ADDRESS_LENGTH} characters at most)`,
  noPointsWithin: (radiusKm: number) => `No pickup points found within ${radiusKm}km of your address.`,
  noPointsInProvince: (province: string) => `No PAXI points found in ${province}.`,
  placeNotFound: (address: string) =>
    `We couldn't find '${address}'. Try your suburb and town or your postal code, or add your province to see the PAXI points in it.`,
  pointNotAvailable: 'That PAXI point is not available. Please choose another collection point.',
  searchFailed: 'Failed to find PAXI points. Please try again.',
  widened: (requestedRadiusKm: number, radiusKm: number) =>
    `No PAXI points within ${requestedRadiusKm} km, so these are the nearest within ${radiusKm} km.`,
  provinceFallback: (province: string, unplaced: string) =>
    `${unplaced ? `We couldn't find '${unplaced}', so these` : 'These'} are the PAXI points in ${province} nearest the middle of the province.`,
} as const;

/** How the finder placed the search: at a place it knows, or only in a province the search names. */
export const pickupSearchAreas = ['place', 'province'] as const;
export type PickupSearchArea = (typeof pickupSearchAreas)[number];
