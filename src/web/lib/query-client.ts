import { MutationCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiRequest } from './api';
import { initialData } from './initial-data';

export const FIVE_MINUTES = 5 * 60 * 1000;
export const TEN_MINUTES = 10 * 60 * 1000;

/** Default fetch: GET the first element of the query key (spec section 7). */
const getFirstKey: QueryFunction = ({ queryKey }) => apiRequest('GET', String(queryKey[0]));

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getFirstKey,
        staleTime: FIVE_MINUTES,
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
        refetchOnMount: true,
        refetchInterval: false,
        retry: 1,
      },
      mutations: { retry: 1 },
    },
    // After any change settles, everything cached may be out of date.
    mutationCache: new MutationCache({ onSettled: () => client.invalidateQueries() }),
  });
  for (const [key, data] of initialData.queries) client.setQueryData([key], data);
  return client;
}
