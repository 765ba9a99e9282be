import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { productImages, uploadedImages, uploadedImageVariants } from '../db/schema';
import { buildApp } from '../app';
import { describeShop } from '../testing/describe-shop';
import { TEST_PUBLIC_URL } from '../testing/test-support';
import { signedIn } from '../testing/test-admin';
import type { CartItemView } from '../../shared/cart';
import type { Product, ListedProduct } from '../../shared/product';
import type { AdminProduct } from '../../shared/product-admin';
import { PICTURE_SIZES } from '../../shared/picture-sizes';
import { bumpCatalogueVersion } from './catalogue-version';
import { pictureWidthsFor } from './admin-images';
import { makeMissingPictureSizes } from './picture-sizes';

const origin = { origin: TEST_PUBLIC_URL };
const ADMIN = 'pictures@example.co.za';

/** A picture made by sharp: a flag-blue field with a white band, so that resizing has an edge to keep. */
const picture = (format: 'png' | 'jpeg', width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#00a3dd' } })
    .composite([{ input: { create: { width, height: Math.ceil(height / 3), channels: 3, background: '#ffffff' } }, top: Math.floor(height / 3), left: 0 }])
    .toFormat(format)
    .toBuffer();
const LARGE_JPEG = await picture('jpeg', 1600, 1000);
const LARGE_PNG = await picture('png', 1600, 1000);
const SMALL_PNG = await picture('png', 500, 300);
/** A phone photo taken upright: stored 1200 x 800 with EXIF orientation 6 (turn a quarter clockwise), and a place it was taken. */
const SIDEWAYS_JPEG = await sharp(await picture('jpeg', 1200, 800))
  .withExif({ IFD0: { Make: 'Flagphone' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 55/1 0/1' } })
  .withMetadata({ orientation: 6 })
  .jpeg()
  .toBuffer();

const LARGE_WIDTHS = [320, 640, 960, 1280];
const UPLOAD_URL = /^\/media\/uploads\/[0-9a-f-]{36}$/;

describe('the widths made of a picture', () => {
  it('are the standard widths, never wider than the picture, and at least one', () => {
    expect(pictureWidthsFor(4000)).toEqual(LARGE_WIDTHS);
    expect(pictureWidthsFor(1280)).toEqual(LARGE_WIDTHS);
    expect(pictureWidthsFor(1000)).toEqual([320, 640, 960, 1000]);
    expect(pictureWidthsFor(500)).toEqual([320, 500]);
    expect(pictureWidthsFor(320)).toEqual([320]);
    expect(pictureWidthsFor(1)).toEqual([1]);
  });
});

describeShop('smaller copies of uploaded pictures', { env: { ADMIN_EMAILS: ADMIN } }, (shop) => {
  let admin: string;

  beforeAll(async () => {
    admin = await signedIn(shop.testApp, { name: 'Picture Desk', email: ADMIN, password: 'flags-for-all-1' });
  });

  const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ method: 'GET', url, headers });
  const newFlag = async (name: string) => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: { ...origin, cookie: admin },
      payload: { name, description: `The flag of ${name}.`, priceCents: 15_000 },
    });
    expect(res.statusCode).toBe(201);
    return res.json<AdminProduct>();
  };
  const upload = async (productId: string, bytes: Buffer, contentType: string) => {
    const res = await shop.app.inject({ method: 'POST', url: `/api/admin/products/${productId}/images`, payload: bytes, headers: { ...origin, cookie: admin, 'content-type': contentType } });
    expect(res.statusCode).toBe(201);
    return res.json<AdminProduct>();
  };
  const variantsOf = async (url: string) =>
    (
      await shop.db
        .select({ format: uploadedImageVariants.format, width: uploadedImageVariants.width, height: uploadedImageVariants.height })
        .from(uploadedImageVariants)
        .where(eq(uploadedImageVariants.imageId, url.split('/').pop()!))
    )
      .map((v) => `${v.width}x${v.height}.${v.format}`)
      .sort();
  /** What a shopper's browser gets for one copy, decoded back. */
  const served = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    const metadata = await sharp(res.rawPayload).metadata();
    return { res, metadata, format: metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : metadata.format };
  };

  it('makes AVIF and WebP copies of an uploaded JPEG at 320, 640, 960 and 1280 pixels and serves each with its type and a year of caching', async () => {
    const flag = await newFlag('Seychelles');
    const uploaded = await upload(flag.id, LARGE_JPEG, 'image/jpeg');
    const [image] = uploaded.images;
    expect(image).toEqual({ id: expect.any(String), url: expect.stringMatching(UPLOAD_URL), altText: 'Flag of Seychelles', widths: LARGE_WIDTHS });
    expect(await variantsOf(image!.url)).toEqual(
      ['1280x800', '320x200', '640x400', '960x600'].flatMap((size) => [`${size}.avif`, `${size}.webp`]),
    );

    for (const width of LARGE_WIDTHS) {
      for (const [format, type] of [['avif', 'image/avif'], ['webp', 'image/webp']] as const) {
        const { res, metadata, format: decoded } = await served(`${image!.url}/${width}.${format}`);
        expect(res.headers['content-type']).toBe(type);
        expect(decoded).toBe(format);
        expect([metadata.width, metadata.height]).toEqual([width, (width * 1000) / 1600]);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; sandbox", 'x-frame-options': 'DENY' });
        const again = await get(`${image!.url}/${width}.${format}`, { 'if-none-match': String(res.headers.etag) });
        expect(again.statusCode).toBe(304);
      }
    }
    // The original is kept as it was uploaded, byte for byte.
    const original = await get(image!.url);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.rawPayload.equals(LARGE_JPEG)).toBe(true);
  });

  it('makes the copies of a PNG too, and never makes a copy wider than the picture', async () => {
    const flag = await newFlag('Comoros');
    const large = (await upload(flag.id, LARGE_PNG, 'image/png')).images[0]!;
    expect(large.widths).toEqual(LARGE_WIDTHS);
    expect((await served(`${large.url}/1280.webp`)).metadata.width).toBe(1280);

    const small = (await upload(flag.id, SMALL_PNG, 'image/png')).images[1]!;
    expect(small.widths).toEqual([320, 500]);
    expect(await variantsOf(small.url)).toEqual(['320x192.avif', '320x192.webp', '500x300.avif', '500x300.webp']);
    expect((await served(`${small.url}/500.avif`)).format).toBe('avif');
    expect((await get(`${small.url}/640.avif`)).statusCode).toBe(404);
  });

  it('turns a sideways phone photo upright and keeps no camera details or place in the copies', async () => {
    expect((await sharp(SIDEWAYS_JPEG).metadata()).exif).toBeDefined();
    const flag = await newFlag('Mauritius');
    const image = (await upload(flag.id, SIDEWAYS_JPEG, 'image/jpeg')).images[0]!;
    expect(image.widths).toEqual([320, 640, 800]);
    for (const format of ['avif', 'webp']) {
      const { metadata } = await served(`${image.url}/800.${format}`);
      expect([metadata.width, metadata.height]).toEqual([800, 1200]);
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
    }
  });

  it('answers an unknown picture, width or format with 404 in words and a malformed size with 400', async () => {
    const flag = await newFlag('Djibouti');
    const { url } = (await upload(flag.id, SMALL_PNG, 'image/png')).images[0]!;
    for (const path of [`${url}/640.webp`, `${url}/321.avif`, `${url}/320.png`, `${url}/320.gif`, `${url}/320.jpeg`, `/media/uploads/${randomUUID()}/320.webp`, '/media/uploads/not-a-picture/320.webp']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json(), path).toEqual({ message: 'This picture is not served in that size', code: 'not_found' });
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
    for (const size of ['big.webp', '320', '320.', '.webp', '0320.webp', '-320.webp', '320.5.webp', '320.WEBP', '999999.webp', '320.webp%00', '320%20.webp', `${'9'.repeat(400)}.avif`]) {
      const res = await get(`${url}/${size}`);
      expect(res.statusCode, size).toBe(400);
      expect(res.json<{ message: string }>().message, size).toBe(
        size.includes('%00') ? 'The address (size) contains a NUL character, which is not allowed' : 'A picture size is its width and format, like 640.avif or 640.webp',
      );
    }
  });

  it('removes the copies with the picture', async () => {
    const flag = await newFlag('Gabon');
    const { id, url } = (await upload(flag.id, LARGE_PNG, 'image/png')).images[0]!;
    expect(await variantsOf(url)).toHaveLength(8);
    const removed = await shop.app.inject({ method: 'DELETE', url: `/api/admin/products/${flag.id}/images/${id}`, headers: { ...origin, cookie: admin } });
    expect(removed.statusCode).toBe(200);
    expect(await variantsOf(url)).toEqual([]);
    expect((await get(`${url}/640.avif`)).statusCode).toBe(404);
  });

  it('tells the shop, the product page, the cart and the page preload which widths an upload has; the seeded SVG flags have none', async () => {
    const flag = await newFlag('Eritrea');
    const image = (await upload(flag.id, LARGE_JPEG, 'image/jpeg')).images[0]!;
    const list = (await get('/api/products')).json<ListedProduct[]>();
    expect(list.find((p) => p.id === flag.id)!.images).toEqual([image]);
    const seeded = list.find((p) => p.slug === 'south-africa')!;
    expect(seeded.images).toEqual([expect.objectContaining({ url: expect.stringMatching(/\.svg$/) }), expect.objectContaining({ url: expect.stringMatching(/\.svg$/) })]);
    expect(list.flatMap((p) => p.images).filter((img) => !UPLOAD_URL.test(img.url) && 'widths' in img)).toEqual([]);
    expect((await get(`/api/products/${flag.slug}`)).json<Product>().images[0]!.widths).toEqual(LARGE_WIDTHS);

    const sessionId = `sess_${randomUUID().replaceAll('-', '')}`;
    const line = await shop.app.inject({ method: 'POST', url: '/api/cart', payload: { sessionId, productId: flag.id } });
    expect(line.statusCode).toBe(201);
    expect(line.json<CartItemView>()).toMatchObject({ productImage: image.url, productImageWidths: LARGE_WIDTHS });
    await shop.app.inject({ method: 'POST', url: '/api/cart', payload: { sessionId, productId: seeded.id } });
    const cart = (await get(`/api/cart/${sessionId}`)).json<{ cartItems: CartItemView[] }>().cartItems;
    expect(cart.find((item) => item.productId === seeded.id)).not.toHaveProperty('productImageWidths');

    // The product page asks for the AVIF copy the picture will use, not the original.
    const page = await get(`/product/${flag.slug}`);
    const srcset = LARGE_WIDTHS.map((w) => `${image.url}/${w}.avif ${w}w`).join(', ');
    expect(page.body).toContain(`<link rel="preload" as="image" type="image/avif" imagesrcset="${srcset}" imagesizes="${PICTURE_SIZES.productPage}" />`);
    expect((await get('/product/south-africa')).body).toContain(`<link rel="preload" as="image" href="${seeded.primaryImage}" />`);
  });

  describe('pictures uploaded before the shop made copies', () => {
    /** An upload as the shop stored it before: the picture and its row, no copies. */
    async function olderUpload(productId: string, bytes: Buffer): Promise<string> {
      const { db } = shop;
      const url = await db.transaction(async (tx) => {
        const [stored] = await tx.insert(uploadedImages).values({ contentType: 'image/png', bytes, byteSize: bytes.length, width: 1600, height: 1000 }).returning();
        const [{ next } = { next: 0 }] = await tx
          .select({ next: sql<number>`coalesce(max(${productImages.position}) + 1, 0)::int` })
          .from(productImages)
          .where(eq(productImages.productId, productId));
        const [row] = await tx.insert(productImages).values({ productId, url: `/media/uploads/${stored!.id}`, altText: 'An older picture', position: next }).returning();
        await bumpCatalogueVersion(tx);
        return row!.url;
      });
      return url;
    }
    const shopImage = async (slug: string, url: string) => (await get(`/api/products/${slug}`)).json<Product>().images.find((img) => img.url === url);
    const quietLog = () => {
      const warnings: string[] = [];
      return { warnings, log: { info: () => undefined, warn: (_obj: object, msg: string) => void warnings.push(msg) } };
    };

    it('get their copies when the shop starts, and until then are served as they are', async () => {
      const flag = await newFlag('Lesotho');
      await upload(flag.id, SMALL_PNG, 'image/png');
      const url = await olderUpload(flag.id, LARGE_PNG);
      await expect.poll(() => shopImage(flag.slug, url), { timeout: 5_000, interval: 200 }).toEqual({ id: expect.any(String), url, altText: 'An older picture' });
      expect((await get(`${url}/640.avif`)).statusCode).toBe(404);
      expect((await get(url)).statusCode).toBe(200);

      // Another process of the shop starts, as after an upgrade: it makes the copies and every process's list shows them.
      const started = await buildApp({ config: shop.config, database: shop.database, logger: false, runBackgroundJobs: true });
      await started.ready();
      try {
        await expect.poll(async () => (await shopImage(flag.slug, url))?.widths, { timeout: 20_000, interval: 200 }).toEqual(LARGE_WIDTHS);
      } finally {
        await started.close();
      }
      expect(await variantsOf(url)).toHaveLength(8);
      const { res, format } = await served(`${url}/640.avif`);
      expect([res.headers['content-type'], format]).toEqual(['image/avif', 'avif']);
      // The picture uploaded with its copies was left as it was.
      expect((await shopImage(flag.slug, (await get(`/api/products/${flag.slug}`)).json<Product>().images[0]!.url))?.widths).toEqual([320, 500]);
    });

    it('leave a picture that cannot be read as it is, with a warning, while the others get theirs; a second run finds nothing to make', async () => {
      const flag = await newFlag('Burkina Faso');
      const broken = await olderUpload(flag.id, Buffer.from('a picture the disk lost'));
      const good = await olderUpload(flag.id, LARGE_PNG);
      const { warnings, log } = quietLog();
      const catalogueChanges: number[] = [];
      const made = await makeMissingPictureSizes({ db: shop.db, catalogueChanged: () => catalogueChanges.push(1), log });
      // Other files' uploads share nothing with this app's database: only these two were without copies.
      expect(made).toBe(1);
      expect(catalogueChanges).toHaveLength(1);
      expect(warnings).toEqual(['could not make the smaller copies of an uploaded picture; it is served as it is']);
      expect(await variantsOf(good)).toHaveLength(8);
      expect(await variantsOf(broken)).toEqual([]);
      expect((await get(broken)).statusCode).toBe(200);

      expect(await makeMissingPictureSizes({ db: shop.db, catalogueChanged: () => catalogueChanges.push(1), log: quietLog().log })).toBe(0);
      expect(catalogueChanges).toHaveLength(1);
    });
  });
});
