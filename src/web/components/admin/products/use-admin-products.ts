import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import { callApi } from '../../../lib/api-client';
import type { Answer } from '../../../../shared/api/contract';
import type { AdminProduct, CreateProductInput, CreateSizeInput, PriceEverySizeInput, UpdateImagesInput, UpdateSizeInput } from '../../../../shared/product-admin';

const ADMIN_PRODUCTS_KEY = ['/api/admin/products'] as const;

const productPath = (id: string) => `/api/admin/products/${encodeURIComponent(id)}`;

export function useAdminProducts() {
  return useQuery<{ products: AdminProduct[] }, Error, AdminProduct[]>({ queryKey: ADMIN_PRODUCTS_KEY, select: (data) => data.products });
}

/**
 * Every write answers the product as it is now: it replaces the one in the list at once (the list
 * is refreshed anyway once the write settles). Writes are never sent twice by themselves.
 */
function useProductWrite<V>(write: (variables: V) => Promise<AdminProduct>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    retry: false,
    onSuccess: (product) =>
      queryClient.setQueryData<{ products: AdminProduct[] }>(ADMIN_PRODUCTS_KEY, (data) =>
        data
          ? { products: data.products.some((p) => p.id === product.id) ? data.products.map((p) => (p.id === product.id ? product : p)) : [...data.products, product] }
          : data,
      ),
  });
}

export function useSaveProduct() {
  return useProductWrite(({ id, input }: { id?: string; input: CreateProductInput }) =>
    id ? callApi('updateProduct', { params: { id }, body: input }) : callApi('createProduct', { body: input }),
  );
}

/** The picture is the request body itself, with its own type; the alt text rides in the address. */
async function uploadPicture({ productId, file, altText }: { productId: string; file: File; altText: string }): Promise<Answer<'uploadProductImage'>> {
  const response = await fetch(`${productPath(productId)}/images?altText=${encodeURIComponent(altText)}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': file.type },
    body: file,
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  // The body is the picture itself, so not through callApi; the answer is the contract's all the same.
  return (await response.json()) as Answer<'uploadProductImage'>;
}

export function useUploadPicture() {
  return useProductWrite(uploadPicture);
}

export function useUpdatePictures() {
  return useProductWrite(({ productId, change }: { productId: string; change: UpdateImagesInput }) =>
    callApi('updateProductImages', { params: { id: productId }, body: change }),
  );
}

export function useDeletePicture() {
  return useProductWrite(({ productId, imageId }: { productId: string; imageId: string }) =>
    callApi('deleteProductImage', { params: { id: productId, imageId } }),
  );
}

export function useAddSize() {
  return useProductWrite(({ productId, size }: { productId: string; size: CreateSizeInput }) => callApi('addProductSize', { params: { id: productId }, body: size }));
}

export function useUpdateSize() {
  return useProductWrite(({ productId, sizeId, change }: { productId: string; sizeId: string; change: UpdateSizeInput }) =>
    callApi('updateProductSize', { params: { id: productId, sizeId }, body: change }),
  );
}

export function useReorderSizes() {
  return useProductWrite(({ productId, order }: { productId: string; order: string[] }) => callApi('reorderProductSizes', { params: { id: productId }, body: { order } }));
}

/** Answers how many flags were repriced, not a product: the list is fetched again once it settles, as after every write. */
export function usePriceEverySize() {
  return useMutation({ mutationFn: (price: PriceEverySizeInput) => callApi('priceEverySize', { body: price }), retry: false });
}
