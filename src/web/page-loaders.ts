import type { ScreenLoader } from './lazy-screen';

/** Loaders of the lazily loaded screens, shared by the routes and by links that warm a screen on hover. */
export const pageLoaders = {
  shop: () => import('./pages/ShopPage'),
  product: () => import('./pages/ProductPage'),
  contact: () => import('./pages/ContactPage'),
  quote: () => import('./pages/QuotePage'),
  checkout: () => import('./pages/CheckoutPage'),
  paymentSuccess: () => import('./pages/PaymentSuccessPage'),
  paymentCancel: () => import('./pages/PaymentCancelPage'),
  paymentFailed: () => import('./pages/PaymentFailedPage'),
  privacyPolicy: () => import('./pages/policies/PrivacyPolicyPage'),
  termsOfService: () => import('./pages/policies/TermsOfServicePage'),
  returnsPolicy: () => import('./pages/policies/ReturnsPolicyPage'),
  shippingPolicy: () => import('./pages/policies/ShippingPolicyPage'),
  verifyEmail: () => import('./pages/VerifyEmailPage'),
  passwordReset: () => import('./pages/PasswordResetPage'),
  profile: () => import('./pages/ProfilePage'),
  order: () => import('./pages/OrderPage'),
  guestOrder: () => import('./pages/GuestOrderPage'),
  findOrder: () => import('./pages/FindOrderPage'),
  admin: () => import('./pages/AdminPage'),
  paxiFinder: () => import('./pages/PaxiFinderPage'),
  authCallback: () => import('./pages/AuthCallbackPage'),
  notFound: () => import('./pages/NotFoundPage'),
};

const loaderByPath: Record<string, ScreenLoader> = {
  '/shop': pageLoaders.shop,
  '/contact': pageLoaders.contact,
  '/quote': pageLoaders.quote,
  '/checkout': pageLoaders.checkout,
  '/privacy-policy': pageLoaders.privacyPolicy,
  '/terms-of-service': pageLoaders.termsOfService,
  '/returns-policy': pageLoaders.returnsPolicy,
  '/shipping-policy': pageLoaders.shippingPolicy,
  '/verify-email': pageLoaders.verifyEmail,
  '/profile': pageLoaders.profile,
  '/paxi-finder': pageLoaders.paxiFinder,
  '/orders/find': pageLoaders.findOrder,
};

/** The screen a link leads to, for warming it up before the click; undefined when it is already loaded or unknown. */
export function pageLoaderFor(to: string): ScreenLoader | undefined {
  const pathname = to.split(/[?#]/)[0] ?? '';
  if (pathname.startsWith('/product/')) return pageLoaders.product;
  if (pathname.startsWith('/profile/orders/')) return pageLoaders.order;
  return loaderByPath[pathname];
}
