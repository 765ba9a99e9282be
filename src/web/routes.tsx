import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './components/layout/Layout';
import { ErrorFallback } from './pages/ErrorFallback';
import HomePage from './pages/HomePage';

/** Loaders of the lazily loaded screens, kept so links can warm them up on hover. */
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

const ShopPage = lazy(pageLoaders.shop);
const ProductPage = lazy(pageLoaders.product);
const ContactPage = lazy(pageLoaders.contact);
const CheckoutPage = lazy(pageLoaders.checkout);
const PrivacyPolicyPage = lazy(pageLoaders.privacyPolicy);
const TermsOfServicePage = lazy(pageLoaders.termsOfService);
const ReturnsPolicyPage = lazy(pageLoaders.returnsPolicy);
const ShippingPolicyPage = lazy(pageLoaders.shippingPolicy);
const NotFoundPage = lazy(pageLoaders.notFound);

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <ErrorFallback />,
    children: [
      {
        errorElement: <ErrorFallback />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/shop', element: <ShopPage /> },
          { path: '/product/:id', element: <ProductPage /> },
          { path: '/contact', element: <ContactPage /> },
          { path: '/checkout', element: <CheckoutPage /> },
          { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
          { path: '/terms-of-service', element: <TermsOfServicePage /> },
          { path: '/returns-policy', element: <ReturnsPolicyPage /> },
          { path: '/shipping-policy', element: <ShippingPolicyPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
