import { useCallback } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { callApi } from '../../lib/api-client';
import { FIVE_MINUTES, TEN_MINUTES } from '../../lib/query-client';
import { warmScreenFor } from '../../lib/screen-warming';
import type { ListedProduct, Product } from '../../../shared/product';

const PRODUCTS_KEY = '/api/products';

/** Spec section 9: a prefetched product stays fresh 5 minutes and is kept 10 minutes. */
const PRODUCT_PREFETCH_STALE_MS = FIVE_MINUTES;
const PRODUCT_PREFETCH_GC_MS = TEN_MINUTES;

export function productQueryKey(slugOrId: string) {
  return [`${PRODUCTS_KEY}/${slugOrId}`] as const;
}

/** A failed product call; `status` is the HTTP status when the server answered (404: no such flag). */
export class ProductFetchError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProductFetchError';
  }
}

async function fetchProducts(): Promise<ListedProduct[]> {
  try {
    return await callApi('products');
  } catch {
    throw new ProductFetchError('Failed to fetch products');
  }
}

async function fetchProduct(slugOrId: string): Promise<Product> {
  try {
    return await callApi('product', { params: { key: slugOrId } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw new ProductFetchError(`Product not found: ${error.status} ${error.serverMessage ?? 'Not Found'}`, 404);
    }
    throw new ProductFetchError('Failed to fetch product', error instanceof ApiError ? error.status : undefined);
  }
}

/** The catalogue; on /shop the server has already put it into the cache. */
export function useProducts() {
  return useQuery({ queryKey: [PRODUCTS_KEY], queryFn: fetchProducts });
}

const isNotFound = (error: unknown) => error instanceof ProductFetchError && error.status === 404;

/** One product by slug or id. Opened from the shop, it shows at once from the catalogue already loaded. */
export function useProduct(slugOrId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: productQueryKey(slugOrId),
    queryFn: () => fetchProduct(slugOrId),
    staleTime: FIVE_MINUTES,
    enabled: slugOrId !== '',
    // A missing flag stays missing; only a failed call is worth the one retry.
    retry: (failureCount, error) => !isNotFound(error) && failureCount < 1,
    // The list's entry shows at once while the flag's sizes load: its main size's price and stock.
    placeholderData: () => {
      const listed = queryClient.getQueryData<ListedProduct[]>([PRODUCTS_KEY])?.find((p) => p.slug === slugOrId || p.id === slugOrId);
      return listed && { ...listed, sizes: [] };
    },
  });
}

function prefetchProduct(queryClient: QueryClient, slug: string): Promise<void> {
  return queryClient.prefetchQuery({
    queryKey: productQueryKey(slug),
    queryFn: () => fetchProduct(slug),
    staleTime: PRODUCT_PREFETCH_STALE_MS,
    gcTime: PRODUCT_PREFETCH_GC_MS,
  });
}

/** What a product link warms up on hover: the product's data and the product page's code. */
export function usePrefetchProduct(slug: string): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void prefetchProduct(queryClient, slug);
    warmScreenFor(`/product/${slug}`);
  }, [queryClient, slug]);
}
