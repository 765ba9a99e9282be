import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { registerErrorHandling } from './http/errors';
import { registerContracts } from './http/contract';
import { registerCrossSiteGuard } from './http/cross-site';
import { registerSecurityHeaders } from './http/security-headers';
import { routerRefusalHandler } from './storefront/error-page';
import { registerTextGuard } from './http/text-guard';
import { createCatalogService } from './catalog/service';
import { catalogRoutes } from './catalog/routes';
import { createProductAdminService } from './catalog/admin-service';
import { productAdminRoutes } from './catalog/admin-routes';
import { createSizeAdminService } from './catalog/admin-sizes';
import { startMakingMissingPictureSizes, type MissingSizesJob } from './catalog/picture-sizes';
import { createCartService } from './cart/service';
import { cartRoutes } from './cart/routes';
import { createContactService } from './contact/service';
import { contactRoutes } from './contact/routes';
import { createQuoteService } from './quotes/service';
import { quoteRoutes } from './quotes/routes';
import { storefrontRoutes } from './storefront/routes';
import { feedRoutes } from './feeds/routes';
import type { PageRenderer } from './storefront/server-render';
import { DEV_MAILBOX } from './notify/dev-mailbox';
import { createDevMailbox } from './notify/mailbox';
import { taxDocumentFiles } from './tax/attachments';
import { devMailboxRoutes } from './notify/routes';
import { createAuth, resolveSessionSecret } from './auth/auth';
import type { PasswordHashing } from './auth/firebase-passwords';
import { accountsIdentity } from './auth/session';
import { signInClientConfig } from './auth/client-config';
import { createAccountService } from './auth/service';
import { authRoutes } from './auth/routes';
import { createFirebaseAccounts } from './auth/firebase-identity';
import { signInPolicySources } from './auth/firebase-settings';
import { firebaseAuthRoutes } from './auth/firebase-routes';
import { createAdminService } from './admin/service';
import { adminRoutes, createRequireAdmin } from './admin/routes';
import { createContactInbox } from './admin/inbox';
import { contactInboxRoutes } from './admin/inbox-routes';
import { createAuditLog } from './admin/audit-log';
import { auditLogRoutes } from './admin/audit-routes';
import { registerOrderDeskDigest } from './orderdesk/digest-routes';
import { createOrderDeskService } from './orderdesk/service';
import { orderDeskRoutes } from './orderdesk/routes';
import { taxDocumentRoutes } from './tax/routes';
import { registerMetrics } from './http/metrics';
import { createTaxDocumentService } from './tax/service';
import { createCourierProvider } from './delivery/providers';
import { deliveryRoutes } from './delivery/routes';
import { createDeliveryService } from './delivery/service';
import { createCourierTracking, startFollowingParcels } from './delivery/tracking';
import { discountCodeRoutes } from './discounts/routes';
import { createDiscountService } from './discounts/service';
import { createRateLimiter } from './rate-limit/service';
import { createProfileService } from './account/service';
import { accountRoutes } from './account/routes';
import { createProofsOfPayment } from './orders/proof-of-payment';
import { proofOfPaymentRoutes } from './orders/proof-of-payment-routes';
import { pickupRoutes } from './pickup/routes';
import { createPickupService, findPoint } from './pickup/service';
import { createCheckoutService } from './checkout/service';
import { checkoutRoutes } from './checkout/routes';
import { startReconciler } from './checkout/reconciler';
import { createCheckoutReminders, startCheckoutReminders } from './checkout/reminders';
import { reminderRoutes } from './checkout/reminder-routes';
import { createTransferDeadlines, startTransferDeadlines } from './orders/transfer-deadlines';
import { registerPayments } from './payments/routes';
import { paymentWebhookRoute } from './payments/webhook-route';
import { createWebVitalsService } from './web-vitals/service';
import { webVitalsRoutes } from './web-vitals/routes';
import { emailContextOf } from './email-context';
import { createOrderLinks } from './orders/order-links';
import { createGuestOrders } from './orders/guest-orders';
import { guestOrderRoutes } from './account/guest-order-routes';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** false in tests that want quiet output. */
  logger?: boolean;
  /** Told when a request queued outbox messages (the worker's nudge), so they leave at once. */
  onOutboxQueued?: () => void;
  /** The server runs the checkout reconciliation; tests drive it themselves. */
  runBackgroundJobs?: boolean;
  /** Tests only: a cheaper password hash than the shop's scrypt, which costs about 200 ms per sign-up. */
  passwordHashing?: PasswordHashing;
  /** Renders the public pages on the server (decision 0032); without it the browser renders every page. */
  pageRenderer?: PageRenderer;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** A webhook's secret, and the key of a guest's order link, in an address stay out of the log. */
const withoutSecret = (url: string) => url.replace(/([?&](?:secret|key)=)[^&]*/gi, '$1…');
const LOG_BATCH_BYTES = 4096;

export async function buildApp({ config, database, logger = true, onOutboxQueued, runBackgroundJobs = false, passwordHashing, pageRenderer }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Buffered, asynchronous log writes, a few kilobytes at a time and at least every second: a
    // write per line cost a plain read about a tenth of its time. pino writes what is left when
    // the process exits.
    loggerInstance: logger
      ? (pino({ level: config.logLevel }, pino.destination({ sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: 1000 })) as FastifyBaseLogger)
      : undefined,
    bodyLimit: 64 * 1024,
    // X-Forwarded-For counts only from a proxy on this machine or the private network: anyone else
    // could name any address and slip past the per-address limits.
    trustProxy: 'loopback,linklocal,uniquelocal',
    logController: new LogController({ disableRequestLogging: true }),
    // false: with a header name Fastify would take any incoming value as is and never call genReqId,
    // which is where x-request-id is checked.
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // Long slugs are still slugs: an unknown one is 'Product not found', not a 414 from the router.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
    frameworkErrors: routerRefusalHandler(config.shop.name, config.servedOverHttps),
  });

  // One log line per request (not two), with the request id that a 500 answer also shows.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { method: request.method, url: withoutSecret(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
    done();
  });

  registerMetrics(app, database, config.metricsToken);
  registerErrorHandling(app);
  registerContracts(app);
  registerSecurityHeaders(app, config.servedOverHttps, signInPolicySources(config.signIn));
  registerCrossSiteGuard(app, config.publicUrl);
  registerTextGuard(app);

  const { db } = database;
  const catalog = createCatalogService(db);
  const limiter = createRateLimiter(db);
  const payments = await registerPayments(app, { config, db, sessionSecret: resolveSessionSecret(config) });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ready', database: database.kind };
    } catch {
      return reply.code(503).send({ status: 'unavailable', message: 'The database does not answer' });
    }
  });

  catalogRoutes(app, catalog);
  const auth = createAuth({
    config,
    db,
    secret: resolveSessionSecret(config),
    logger: app.log.child({ component: 'auth' }),
    onEmailQueued: onOutboxQueued,
    passwordHashing,
  });
  const courier = createCourierProvider(config);
  const orderLinks = createOrderLinks(resolveSessionSecret(config), config.publicUrl);
  const email = { ...emailContextOf(config), courierTracking: (trackingNumber: string) => courier.trackingUrl(trackingNumber), orderLink: orderLinks.linkTo };
  const firebase =
    config.signIn.provider === 'firebase'
      ? createFirebaseAccounts({ db, settings: config.signIn, servedOverHttps: config.servedOverHttps, email, onEmailQueued: onOutboxQueued })
      : undefined;
  if (firebase) app.addHook('onClose', () => firebase.close());
  const identity = firebase?.identity ?? accountsIdentity(auth);
  const cart = createCartService(db, { lineLimit: config.cartLineLimit, quantityBreaks: config.quantityBreaks, codesOnQuantityPrices: config.quantityBreaksWithCodes });
  cartRoutes(app, cart, identity);
  contactRoutes(app, createContactService(db, { email, orderDeskEmail: config.orderDeskEmail, onQueued: onOutboxQueued }), limiter);
  if (firebase) firebaseAuthRoutes(app, { firebase, limiter });
  else authRoutes(app, { auth, identity, accounts: createAccountService(db, auth), limiter, publicUrl: config.publicUrl });
  if (config.mail.provider === DEV_MAILBOX) devMailboxRoutes(app, createDevMailbox(db, taxDocumentFiles(db, config)));
  const admins = createAdminService(db, config.adminEmails);
  adminRoutes(app, identity, admins);
  const requireAdmin = createRequireAdmin(identity, admins);
  contactInboxRoutes(app, createContactInbox(db), requireAdmin);
  quoteRoutes(app, createQuoteService(db, { email, orderDeskEmail: config.orderDeskEmail, onQueued: onOutboxQueued }), limiter, requireAdmin);
  auditLogRoutes(app, createAuditLog(db), requireAdmin);
  await productAdminRoutes(app, { products: createProductAdminService(db, catalog), sizes: createSizeAdminService(db, catalog), requireAdmin });
  const profiles = createProfileService(db, { auth, email, onQueued: onOutboxQueued, bankAccount: payments.bankTransfer?.account });
  const guestOrders = createGuestOrders({ db, email, onQueued: onOutboxQueued });
  accountRoutes(app, { identity, profiles, limiter, guestOrders });
  const proofs = createProofsOfPayment({ db, email, orderDeskEmail: config.orderDeskEmail, onQueued: onOutboxQueued });
  await proofOfPaymentRoutes(app, { identity, links: orderLinks, proofs, limiter, requireAdmin });
  pickupRoutes(app, createPickupService(db));
  const delivery = createDeliveryService({ db, courier, cart });
  const tracking = createCourierTracking({ db, courier, email, onQueued: onOutboxQueued, log: app.log.child({ component: 'courier-tracking' }) });
  const discounts = createDiscountService(db);
  const checkout = createCheckoutService({
    db,
    cart,
    payments,
    findPickupPoint: (code) => findPoint(db, code),
    delivery,
    discounts,
    saveAddress: (userId, address) => profiles.keepCourierAddress(userId, address),
    orderLinks,
    publicUrl: config.publicUrl,
    email,
    onEmailQueued: onOutboxQueued,
    log: app.log.child({ component: 'checkout' }),
  });
  const buyers = { identity, guestCheckout: config.guestCheckout, cart };
  checkoutRoutes(app, { ...buyers, checkout, limiter });
  deliveryRoutes(app, { ...buyers, delivery, tracking, limiter });
  await paymentWebhookRoute(app, { payments, inbox: checkout, log: app.log });
  const orderDesk = createOrderDeskService({
    db,
    checkout,
    refundsByHand: (paymentMethod) => payments.refundsByHand(paymentMethod),
    email,
    delivery,
    tracking,
    onQueued: onOutboxQueued,
    log: app.log.child({ component: 'order-desk' }),
  });
  await orderDeskRoutes(app, { orderDesk, requireAdmin });
  const reminders = createCheckoutReminders({
    db,
    cart,
    email,
    sessionSecret: resolveSessionSecret(config),
    afterMs: config.checkoutReminderAfterMs,
    pagesStayOpenAt: payments.all.filter((provider) => !provider.closeCheckout).map((provider) => provider.name),
    onQueued: onOutboxQueued,
  });
  await reminderRoutes(app, { reminders, requireAdmin, shopName: config.shop.name });
  await discountCodeRoutes(app, { ...buyers, discounts, cart, requireAdmin, limiter, ownPagesClose: payments.all.every((provider) => provider.closeCheckout !== undefined) });
  const documents = createTaxDocumentService(db, config.shop, payments.bankTransfer?.account);
  await taxDocumentRoutes(app, { identity, documents, requireAdmin });
  guestOrderRoutes(app, { links: orderLinks, guestOrders, profiles, documents, limiter });
  await webVitalsRoutes(app, { vitals: createWebVitalsService(db), limiter, requireAdmin });
  if (runBackgroundJobs) {
    const reconciler = startReconciler(checkout, app.log.child({ component: 'reconciliation' }));
    app.addHook('onClose', () => reconciler.stop());
    const reminderJob = startCheckoutReminders(reminders, app.log.child({ component: 'checkout-reminders' }));
    app.addHook('onClose', () => reminderJob.stop());
    const parcels = startFollowingParcels(tracking, app.log.child({ component: 'courier-tracking' }));
    app.addHook('onClose', () => parcels.stop());
    if (payments.bankTransfer) {
      const deadlines = createTransferDeadlines({ db, email, account: payments.bankTransfer.account, onQueued: onOutboxQueued });
      const transfers = startTransferDeadlines(deadlines, app.log.child({ component: 'bank-transfers' }));
      app.addHook('onClose', () => transfers.stop());
    }
    // Pictures uploaded before the shop made smaller copies get theirs once the shop is up (decision 0031).
    let pictureSizes: MissingSizesJob | undefined;
    app.addHook('onReady', async () => {
      pictureSizes = startMakingMissingPictureSizes({ db, catalogueChanged: catalog.catalogueChanged, log: app.log.child({ component: 'picture-sizes' }) });
    });
    app.addHook('onClose', async () => pictureSizes?.stop());
  }
  registerOrderDeskDigest(app, { db, config, email, requireAdmin, onQueued: onOutboxQueued, schedule: runBackgroundJobs });
  app.get('/api/config/shop', async () => config.shop);
  // How the browser signs in, and with which methods. /api/config/firebase is the spec's name for the same call.
  const authClientConfig = signInClientConfig(config);
  app.get('/api/config/auth', async () => authClientConfig);
  app.get('/api/config/firebase', async () => authClientConfig);
  // Its own scope, so that compressing pages adds no work to the API's hot paths.
  await app.register(async (storefront) => storefrontRoutes(storefront, config, catalog, pageRenderer));
  // Beside the pages, not among them: a refused picture address answers in words, not with the shop's 404 page.
  await app.register(async (feeds) => feedRoutes(feeds, { config, catalog }));

  return app;
}
