import path from 'node:path';
import { flagsRoot, webRoot } from '../paths';
import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import { constants as zlib } from 'node:zlib';
import type { Config } from '../config';
import { productIn, type CatalogService } from '../catalog/service';
import { NotFoundError } from '../errors';
import { productNotFoundMeta, productPageMeta, staticPageMeta, type StaticPage } from '../../shared/page-meta';
import { countryName, effectivePriceCents, lowestPriceCents, type Product } from '../../shared/product';
import { centsToDecimal } from '../../shared/money';
import { isVatVendor } from '../../shared/vat';
import { PICTURE_SIZES } from '../../shared/picture-sizes';
import { readTemplate, renderPage, shopPageData, type InitialData, type LeadImage, type PageData, type PageHead } from './html';
import { todayInSouthAfrica } from '../../shared/profile';
import { createPageAssets } from './page-assets';
import { pageErrorHandler } from './error-page';
import { allowStyleAttributes, popupReturnPage } from '../http/security-headers';
import { keepSsrPages, NOT_SSR, type SsrPage, type PageRenderer } from './server-render';

/**
 * Every client route of the app, with its page description; pages behind sign-in are not indexed.
 * rendered: the server sends the page rendered (decision 0032), for the public pages whose first view is
 * the same for every visitor; the others depend on who is signed in and are rendered in the browser.
 */
const clientRoutes: Record<string, { page: StaticPage; noIndex?: boolean; screen?: string; ssr?: boolean; options?: RouteShorthandOptions }> = {
  '/': { page: 'home', ssr: true },
  '/shop': { page: 'shop', screen: 'pages/ShopPage.tsx', ssr: true },
  '/contact': { page: 'contact', screen: 'pages/ContactPage.tsx', ssr: true },
  // Rendered in the browser: its first line may come from the address (?flag=kenya&size=90x60).
  '/quote': { page: 'quote', screen: 'pages/QuotePage.tsx' },
  '/privacy-policy': { page: 'privacyPolicy', screen: 'pages/policies/PrivacyPolicyPage.tsx', ssr: true },
  '/terms-of-service': { page: 'termsOfService', screen: 'pages/policies/TermsOfServicePage.tsx', ssr: true },
  '/returns-policy': { page: 'returnsPolicy', screen: 'pages/policies/ReturnsPolicyPage.tsx', ssr: true },
  '/shipping-policy': { page: 'shippingPolicy', screen: 'pages/policies/ShippingPolicyPage.tsx', ssr: true },
  '/checkout': { page: 'checkout', noIndex: true, screen: 'pages/CheckoutPage.tsx' },
  '/profile': { page: 'profile', noIndex: true, screen: 'pages/ProfilePage.tsx' },
  '/profile/orders/:orderNumber': { page: 'order', noIndex: true, screen: 'pages/OrderPage.tsx' },
  // A guest's order, opened by its link's key (?key=): rendered in the browser only, like My Profile's.
  '/orders/:orderNumber': { page: 'order', noIndex: true, screen: 'pages/GuestOrderPage.tsx' },
  '/orders/find': { page: 'findOrder', noIndex: true, screen: 'pages/FindOrderPage.tsx' },
  '/auth/callback': { page: 'other', noIndex: true, screen: 'pages/AuthCallbackPage.tsx', options: popupReturnPage },
  '/payment/success': { page: 'other', noIndex: true, screen: 'pages/PaymentSuccessPage.tsx' },
  '/payment/cancel': { page: 'other', noIndex: true, screen: 'pages/PaymentCancelPage.tsx' },
  '/payment/failed': { page: 'other', noIndex: true, screen: 'pages/PaymentFailedPage.tsx' },
  '/password-reset': { page: 'other', noIndex: true, screen: 'pages/PasswordResetPage.tsx' },
  '/test-password-reset': { page: 'other', noIndex: true, screen: 'pages/PasswordResetPage.tsx' },
  '/paxi-finder': { page: 'paxiFinder', screen: 'pages/PaxiFinderPage.tsx' },
  '/verify-email': { page: 'other', noIndex: true, screen: 'pages/VerifyEmailPage.tsx' },
  '/admin': { page: 'admin', noIndex: true, screen: 'pages/AdminPage.tsx' },
};

const indexedPaths = Object.entries(clientRoutes)
  .filter(([, route]) => !route.noIndex)
  .map(([p]) => p);

/** A flag's first picture, shown at `sizes`, for the page's preload. */
function leadImageOf(product: Pick<Product, 'images'> | undefined, sizes: string): LeadImage | undefined {
  const first = product?.images[0];
  return first ? { url: first.url, widths: first.widths, sizes } : undefined;
}

/**
 * The flag for search engines: Google's ProductGroup, varying by size, with each size a Product of
 * its own SKU and offer (its price, sale price and stock), linked to the page opened on that size.
 */
function productJsonLd(product: Product, url: string, imageUrl: string | undefined, shopName: string): object {
  const country = countryName(product.name);
  const brand = { '@type': 'Brand', name: shopName };
  return {
    '@context': 'https://schema.org',
    '@type': 'ProductGroup',
    name: `${country} Flag`,
    description: product.description,
    url,
    productGroupID: product.slug,
    variesBy: ['https://schema.org/size'],
    image: imageUrl ? [imageUrl] : undefined,
    brand,
    hasVariant: product.sizes.map((size) => ({
      '@type': 'Product',
      name: `${country} Flag, ${size.label}`,
      sku: size.sku,
      image: imageUrl ? [imageUrl] : undefined,
      brand,
      material: size.material ?? 'Polyester',
      size: size.label,
      offers: {
        '@type': 'Offer',
        url: `${url}?size=${encodeURIComponent(size.code)}`,
        priceCurrency: product.currency,
        price: centsToDecimal(effectivePriceCents(size)),
        availability: size.stockQuantity === 0 ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        seller: { '@type': 'Organization', name: shopName },
      },
    })),
  };
}

export async function storefrontRoutes(
  app: FastifyInstance,
  config: Config,
  catalog: CatalogService,
  pageRenderer?: PageRenderer,
): Promise<void> {
  const template = readTemplate(webRoot);
  const ssrPage =
    pageRenderer &&
    config.ssrPagesPerSecond > 0 &&
    keepSsrPages(pageRenderer, (err, url) => app.log.error({ err, url }, 'rendering the page failed; the browser renders it'), {
      ssrPagesPerSecond: config.ssrPagesPerSecond,
    });
  const pageAssets = createPageAssets(webRoot);
  const shopName = config.shop.name;
  const absolute = (p: string) => `${config.publicUrl}${p}`;
  app.setErrorHandler(pageErrorHandler(shopName));

  // Pages are compressed as they are sent; built files were compressed once by the build.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(fastifyStatic, {
    root: flagsRoot,
    prefix: '/flags/',
    wildcard: false,
    index: false,
    // A flag's rendering changes only with a flag-icons release that changes its picture, a few times a decade
    // for any one flag: a year in the browser's cache (decision 0032) is what a page's speed asks.
    maxAge: '365d',
  });
  if (fs.existsSync(webRoot)) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      decorateReply: false,
      wildcard: false,
      index: false,
      preCompressed: true,
      allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/.vite/'),
      // Off, or @fastify/static writes its own 'public, max-age=0' over the header set below.
      cacheControl: false,
      // Built assets carry a content hash in their names; the few fixed files (icon, placeholder) may change.
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=86400');
      },
    });
  }

  /**
   * A page's own data, the same for its rendering and for the app that hydrates it. The year is
   * South Africa's when the page is sent.
   */
  function pageData(queries: InitialData['queries']): PageData {
    return { queries, year: Number(todayInSouthAfrica().slice(0, 4)) };
  }

  /**
   * The page rendered by the app, or an empty one for the browser to render. catalogueVersion: that of
   * the very list the page's data came from, so that a rendering is never kept under a newer version
   * than its data (the list may change between two reads).
   */
  function rendered(request: FastifyRequest, page: PageData, catalogueVersion: string): Promise<SsrPage> {
    return ssrPage ? ssrPage(request.url, page, catalogueVersion) : Promise.resolve(NOT_SSR);
  }

  function sendPage(reply: FastifyReply, status: number, head: PageHead, page: PageData = pageData([]), rendering = NOT_SSR) {
    const initial: InitialData = { ...shopPageData(config), ...page };
    allowStyleAttributes(reply, rendering.styleAttributeHashes);
    // A server-rendered page shows before any script: its screen's code is fetched by the entry script, after
    // the first paint rather than competing with it, and its pictures are in the page itself.
    const pageHead = rendering.html ? { ...head, preload: [], leadImage: undefined } : head;
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(renderPage(template, pageHead, shopName, initial, reply.cspNonce.style, rendering.html));
  }

  for (const [routePath, route] of Object.entries(clientRoutes)) {
    app.get(routePath, route.options ?? {}, async (request, reply) => {
      // The shop's cards and the home page's prices come from the catalogue, sent with the page.
      const list = await catalog.productList();
      const catalogue = route.page === 'shop' || route.page === 'home' ? list.listed : undefined;
      const meta = staticPageMeta(route.page, shopName, { fromCents: catalogue && lowestPriceCents(catalogue), vatVendor: isVatVendor(config.shop) });
      const queries: InitialData['queries'] = catalogue ? [['/api/products', catalogue]] : [];
      const head: PageHead = {
        ...meta,
        canonicalUrl: absolute(request.url.split('?')[0]!),
        noIndex: route.noIndex,
        preload: route.screen ? pageAssets(route.screen) : [],
        // The shop's first flag card is the largest picture on the screen.
        leadImage: route.page === 'shop' ? leadImageOf(catalogue?.find((p) => p.primaryImage), PICTURE_SIZES.card) : undefined,
      };
      const page = pageData(queries);
      return sendPage(reply, 200, head, page, route.ssr ? await rendered(request, page, list.etag) : NOT_SSR);
    });
  }

  app.get<{ Params: { key: string } }>('/product/:key', async (request, reply) => {
    const key = request.params.key;
    try {
      const list = await catalog.productList();
      const product = productIn(list, key);
      const url = absolute(`/product/${product.slug}`);
      const imageUrl = product.primaryImage ? absolute(product.primaryImage) : undefined;
      const page = pageData([[`/api/products/${key}`, product]]);
      return sendPage(
        reply,
        200,
        {
          ...productPageMeta(product, shopName),
          canonicalUrl: url,
          imageUrl,
          ogType: 'product',
          jsonLd: productJsonLd(product, url, imageUrl, shopName),
          preload: pageAssets('pages/ProductPage.tsx'),
          leadImage: leadImageOf(product, PICTURE_SIZES.productPage),
        },
        page,
        await rendered(request, page, list.etag),
      );
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err;
      const head = { ...productNotFoundMeta(shopName), canonicalUrl: absolute('/shop'), noIndex: true };
      return sendPage(reply, 404, { ...head, preload: pageAssets('pages/ProductPage.tsx') });
    }
  });

  app.get('/robots.txt', async (_request, reply) => {
    const disallowed = ['/api/', '/checkout', '/profile', '/orders/', '/admin', '/payment/', '/auth/', '/dev/'];
    return reply
      .type('text/plain; charset=utf-8')
      .send(
        ['User-agent: *', 'Allow: /', ...disallowed.map((p) => `Disallow: ${p}`), '', `Sitemap: ${absolute('/sitemap.xml')}`, ''].join('\n'),
      );
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const { products } = await catalog.productList();
    const urls = [...indexedPaths.map((p) => absolute(p)), ...products.map((p) => absolute(`/product/${p.slug}`))];
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls.map((u) => `  <url><loc>${u}</loc></url>`),
      '</urlset>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').send(body);
  });

  /** Unknown paths: JSON for the API, the app's 404 page (with a real 404 status) for everything else. */
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.method !== 'GET') {
      return reply.code(404).send({ message: 'Not found' });
    }
    const head = { ...staticPageMeta('notFound', shopName), canonicalUrl: absolute('/'), noIndex: true };
    return sendPage(reply, 404, { ...head, preload: pageAssets('pages/NotFoundPage.tsx') });
  });
}
