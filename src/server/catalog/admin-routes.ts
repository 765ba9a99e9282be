import type { FastifyError, FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { adminActor } from '../admin/routes';
import { z } from 'zod';
import type { ErrorCode } from '../../shared/error-codes';
import { InvalidInputError, NotFoundError } from '../errors';
import { isUuid } from '../http/ids';
import { parseInput } from '../http/parse';
import { serve } from '../http/contract';
import { rawBodyScope } from '../http/raw-body';
import {
  altTextSchema,
  createProductSchema,
  MAX_UPLOAD_BYTES,
  createSizeSchema,
  priceEverySizeSchema,
  sizeOrderSchema,
  updateImagesSchema,
  updateProductSchema,
  updateSizeSchema,
  uploadMessages,
} from '../../shared/product-admin';
import { PICTURE_FORMAT_TYPES, PICTURE_FORMATS, type PictureFormat } from '../../shared/picture-sizes';
import type { ProductAdminService } from './admin-service';
import type { SizeAdminService } from './admin-sizes';
import { UPLOAD_URL_PREFIX } from './picture-sizes';

export interface ProductAdminRouteDeps {
  products: ProductAdminService;
  sizes: SizeAdminService;
  requireAdmin: preHandlerAsyncHookHandler;
}

const productParams = z.object({ id: z.string() });
const imageParams = z.object({ id: z.string(), imageId: z.string() });
const productSizeParams = z.object({ id: z.string(), sizeId: z.string() });
const uploadQuery = z.object({ altText: altTextSchema.optional() });
const sizeParams = z.object({ id: z.string(), size: z.string() });
/** '640.avif': a width (no leading zero, at most 5 digits) and a format's name. */
const SIZE = /^([1-9]\d{0,4})\.([a-z0-9]{1,10})$/;
const SIZE_MALFORMED = 'A picture size is its width and format, like 640.avif or 640.webp';
const SIZE_NOT_FOUND = 'This picture is not served in that size';
const isPictureFormat = (name: string): name is PictureFormat => (PICTURE_FORMATS as readonly string[]).includes(name);

/** An uploaded picture never changes under its id: a year of caching, and the id is the ETag. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Only ever a picture the shop checked or made; the policy is a second lock should one be opened as a page. */
const PICTURE_POLICY = "default-src 'none'; sandbox";

/**
 * The admin's product calls (admins only), GET /media/uploads/:id, which serves the uploaded
 * pictures to everyone, and GET /media/uploads/:id/:width.:format, their smaller copies. Pictures
 * are uploaded as the request body itself (Content-Type: image/png, …) with the alt text in the
 * query: no multipart parser needed for one file.
 */
export async function productAdminRoutes(app: FastifyInstance, { products, sizes, requireAdmin }: ProductAdminRouteDeps): Promise<void> {
  const admin = { preHandler: requireAdmin };

  app.get('/api/admin/products', admin, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { products: await products.list() };
  });

  serve(app, 'createProduct', async (request, reply) => {
    const created = await products.create(adminActor(request), parseInput(createProductSchema, request.body));
    return reply.code(201).send(created);
  }, admin);

  serve(app, 'updateProduct', async (request) => {
    const { id } = parseInput(productParams, request.params);
    return products.update(adminActor(request), id, parseInput(updateProductSchema, request.body));
  }, admin);

  serve(app, 'updateProductImages', async (request) => {
    const { id } = parseInput(productParams, request.params);
    return products.updateImages(adminActor(request), id, parseInput(updateImagesSchema, request.body));
  }, admin);

  serve(app, 'deleteProductImage', async (request) => {
    const { id, imageId } = parseInput(imageParams, request.params);
    return products.deleteImage(adminActor(request), id, imageId);
  }, admin);

  serve(app, 'addProductSize', async (request, reply) => {
    const { id } = parseInput(productParams, request.params);
    const updated = await sizes.addSize(adminActor(request), id, parseInput(createSizeSchema, request.body));
    return reply.code(201).send(updated);
  }, admin);

  serve(app, 'updateProductSize', async (request) => {
    const { id, sizeId } = parseInput(productSizeParams, request.params);
    return sizes.updateSize(adminActor(request), id, sizeId, parseInput(updateSizeSchema, request.body));
  }, admin);

  serve(app, 'reorderProductSizes', async (request) => {
    const { id } = parseInput(productParams, request.params);
    return sizes.reorderSizes(adminActor(request), id, parseInput(sizeOrderSchema, request.body).order);
  }, admin);

  serve(app, 'priceEverySize', async (request) => sizes.priceEverySize(adminActor(request), parseInput(priceEverySizeSchema, request.body)), admin);

  await rawBodyScope(app, (scope) => {
    // Over the limit, Fastify refuses before reading the body; say so in the upload's own words.
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ message: uploadMessages.tooLarge, code: 'picture_refused' satisfies ErrorCode });
      throw error;
    });
    serve(
      scope,
      'uploadProductImage',
      async (request, reply) => {
        const { id } = parseInput(productParams, request.params);
        const { altText } = parseInput(uploadQuery, request.query);
        const bytes = request.body instanceof Buffer ? request.body : Buffer.alloc(0);
        const updated = await products.addImage(adminActor(request), id, {
          bytes,
          contentType: request.headers['content-type'] ?? '',
          altText,
        });
        return reply.code(201).send(updated);
      },
      // The admin check runs before the body is read, so no one else can make the server take in 2 MB.
      { onRequest: requireAdmin, bodyLimit: MAX_UPLOAD_BYTES },
    );
  });

  app.get(`${UPLOAD_URL_PREFIX}:id`, async (request, reply) => {
    const { id } = parseInput(productParams, request.params);
    const etag = `"${id}"`;
    reply.header('etag', etag).header('cache-control', IMMUTABLE).header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const image = await products.readUpload(id);
    if (!image) {
      reply.removeHeader('etag').header('cache-control', 'no-store');
      throw new NotFoundError('Picture not found');
    }
    // Only ever a JPEG, PNG or WebP (checked at upload).
    return reply.type(image.contentType).header('content-security-policy', PICTURE_POLICY).send(image.bytes);
  });

  // The copies never change either (a picture's copies are made once, with it): the same caching.
  app.get(`${UPLOAD_URL_PREFIX}:id/:size`, async (request, reply) => {
    const { id, size } = parseInput(sizeParams, request.params);
    const [, width, format] = SIZE.exec(size) ?? [];
    if (!width || !format) throw new InvalidInputError(SIZE_MALFORMED);
    const notServed = () => {
      reply.removeHeader('etag').header('cache-control', 'no-store');
      return new NotFoundError(SIZE_NOT_FOUND);
    };
    if (!isUuid(id) || !isPictureFormat(format)) throw notServed();
    const etag = `"${id}-${width}.${format}"`;
    reply.header('etag', etag).header('cache-control', IMMUTABLE).header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const bytes = await products.readUploadSize(id, Number(width), format);
    if (!bytes) throw notServed();
    return reply.type(PICTURE_FORMAT_TYPES[format]).header('content-security-policy', PICTURE_POLICY).send(bytes);
  });
}
