import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config';
import type { CatalogService } from '../catalog/service';
import { productIn } from '../catalog/service';
import { loadSharp } from '../catalog/admin-images';
import { courierFeesOf } from '../delivery/providers';
import { flagsRoot } from '../paths';
import { parseInput } from '../http/parse';
import { NotFoundError } from '../errors';
import { googleMerchantFeed } from './google-merchant';

/** Wide enough for Google Shopping's larger views; a 4:3 flag comes out 1200 × 900. */
const FEED_PICTURE_WIDTH = 1200;
/** Merchant Center fetches a feed once a day at most: an hour in caches spares the shop nothing it needs. */
const FEED_CACHE = 'public, max-age=3600';

const pictureParams = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,100}\.png$/, 'Not a flag picture') });

/**
 * GET /feeds/google-merchant.xml, and the PNG of each seeded SVG flag it names as the item's
 * picture. The PNGs are made once per picture and kept: at most one per flag in the shop.
 */
export async function feedRoutes(app: FastifyInstance, { config, catalog }: { config: Config; catalog: CatalogService }): Promise<void> {
  const shop = { name: config.shop.name, publicUrl: config.publicUrl, courierFees: courierFeesOf(config.courier) };
  const pictures = new Map<string, Promise<Buffer>>();

  app.get('/feeds/google-merchant.xml', async (_request, reply) => {
    const { products } = await catalog.productList();
    return reply.type('application/xml; charset=utf-8').header('cache-control', FEED_CACHE).send(googleMerchantFeed(products, shop));
  });

  app.get('/feeds/pictures/:slug', async (request, reply) => {
    const { slug } = parseInput(pictureParams, request.params);
    const product = productIn(await catalog.productList(), slug.slice(0, -'.png'.length));
    const picture = product.images[0]?.url;
    const file = picture?.startsWith('/flags/') && picture.endsWith('.svg') ? path.join(flagsRoot, picture.slice('/flags/'.length)) : undefined;
    if (!picture || !file?.startsWith(`${flagsRoot}${path.sep}`)) throw new NotFoundError('This flag has no picture made for the feed');
    let png = pictures.get(picture);
    if (!png) {
      png = loadSharp().then((sharp) => sharp(file, { density: 300 }).resize({ width: FEED_PICTURE_WIDTH }).png().toBuffer());
      pictures.set(picture, png);
      png.catch(() => pictures.delete(picture));
    }
    return reply.type('image/png').header('cache-control', FEED_CACHE).send(await png);
  });
}
