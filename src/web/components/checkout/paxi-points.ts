import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api';
import { FIVE_MINUTES } from '../../lib/query-client';
import { toast } from '../ui/toast-store';

/** A PAXI pickup point as POST /api/paxi-points answers it; distance in km from the searched place. */
export interface PaxiPoint {
  id: string;
  /** PAXI's point code, e.g. P5772: what the order and the parcel label carry. */
  code: string;
  name: string;
  address: string;
  distance: number;
  town: string;
  province: string;
  postalCode: string;
}

interface PaxiSearchAnswer {
  paxiPoints: PaxiPoint[];
  count: number;
  location: { address: string };
  radiusKm: number;
}

/** Spec section 9: the request asks for 8 km, while the no-results message says 20 km. */
export const PAXI_SEARCH_RADIUS_KM = 8;

/** The finder's toasts (spec sections 5 and 8). */
export const paxiTexts = {
  addressRequired: { title: 'Address Required', description: 'Please enter your delivery address first.' },
  noneFound: { title: 'No PAXI Points Found', description: 'No pickup points found within 20km of your address.' },
  searchFailed: { title: 'Search Failed', description: 'Failed to find PAXI points. Please try again.' },
} as const;

/** '2.3 km' */
export function formatDistance(km: number): string {
  return `${km.toFixed(1)} km`;
}

/** The point's address in one line: street, town, province and postal code, without repeats. */
export function pointAddress(point: Pick<PaxiPoint, 'address' | 'town' | 'province' | 'postalCode'>): string {
  const parts = [point.address, point.town, point.province, point.postalCode].map((part) => part?.trim()).filter(Boolean);
  return parts.filter((part, index) => !parts.slice(0, index).some((earlier) => earlier!.includes(part!))).join(', ');
}

export interface PaxiSearchState {
  /** null before the first search. */
  points: PaxiPoint[] | null;
  /** The place the server understood, e.g. 'Sea Point, Cape Town'. */
  location: string | null;
  searching: boolean;
}

/**
 * The point finder's search. Answers are kept per address for five minutes, so going back to an
 * earlier address does not ask the server again. Failures are told with the spec's toasts.
 */
export function usePaxiSearch() {
  const client = useQueryClient();
  const [state, setState] = useState<PaxiSearchState>({ points: null, location: null, searching: false });

  const search = useCallback(
    async (rawAddress: string): Promise<PaxiPoint[] | null> => {
      const address = rawAddress.trim();
      if (!address) {
        toast({ ...paxiTexts.addressRequired, variant: 'destructive' });
        return null;
      }
      setState((current) => ({ ...current, searching: true }));
      try {
        const answer = await client.fetchQuery({
          queryKey: ['/api/paxi-points', address.toLowerCase()],
          queryFn: () => apiRequest<PaxiSearchAnswer>('POST', '/api/paxi-points', { address, radiusKm: PAXI_SEARCH_RADIUS_KM }),
          staleTime: FIVE_MINUTES,
          // Only a fault on the way is worth a second try; the server's refusals stand.
          retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
        });
        const points = [...(answer.paxiPoints ?? [])].sort((a, b) => a.distance - b.distance);
        setState({ points, location: answer.location?.address ?? address, searching: false });
        if (points.length === 0) toast({ ...paxiTexts.noneFound, variant: 'destructive' });
        return points;
      } catch (error) {
        setState({ points: [], location: address, searching: false });
        if (error instanceof ApiError && error.status === 404) {
          toast({ title: paxiTexts.noneFound.title, description: error.serverMessage ?? paxiTexts.noneFound.description, variant: 'destructive' });
        } else if (error instanceof ApiError && error.code === 'address_required') {
          toast({ ...paxiTexts.addressRequired, variant: 'destructive' });
        } else {
          toast({ ...paxiTexts.searchFailed, variant: 'destructive' });
        }
        return [];
      }
    },
    [client],
  );

  return { ...state, search };
}
