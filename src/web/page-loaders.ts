/** Loaders of the lazily loaded screens, shared by the routes and by links that warm a screen on hover. */
export const pageLoaders = {
  shop: () => import('./pages/ShopPage'),
  product: () => import('./pages/ProductPage'),
  contact: () => import('./pages/ContactPage'),
  checkout: () => import('./pages/CheckoutPage'),
  privacyPolicy: () => import('./pages/policies/PrivacyPolicyPage'),
  termsOfService: () => import('./pages/policies/TermsOfServicePage'),
  returnsPolicy: () => import('./pages/policies/ReturnsPolicyPage'),
  shippingPolicy: () => import('./pages/policies/ShippingPolicyPage'),
  notFound: () => import('./pages/NotFoundPage'),
};
