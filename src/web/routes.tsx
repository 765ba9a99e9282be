import { Navigate, Route, Routes, useLocation } from 'react-router';
import { Layout } from './components/layout/Layout';
import HomePage from './pages/HomePage';
import { pageLoaders } from './page-loaders';
import { lazyScreen } from './lazy-screen';

const ShopPage = lazyScreen(pageLoaders.shop);
const ProductPage = lazyScreen(pageLoaders.product);
const ContactPage = lazyScreen(pageLoaders.contact);
const QuotePage = lazyScreen(pageLoaders.quote);
const CheckoutPage = lazyScreen(pageLoaders.checkout);
const PaymentSuccessPage = lazyScreen(pageLoaders.paymentSuccess);
const PaymentCancelPage = lazyScreen(pageLoaders.paymentCancel);
const PaymentFailedPage = lazyScreen(pageLoaders.paymentFailed);
const PrivacyPolicyPage = lazyScreen(pageLoaders.privacyPolicy);
const TermsOfServicePage = lazyScreen(pageLoaders.termsOfService);
const ReturnsPolicyPage = lazyScreen(pageLoaders.returnsPolicy);
const ShippingPolicyPage = lazyScreen(pageLoaders.shippingPolicy);
const VerifyEmailPage = lazyScreen(pageLoaders.verifyEmail);
const PasswordResetPage = lazyScreen(pageLoaders.passwordReset);
const ProfilePage = lazyScreen(pageLoaders.profile);
const OrderPage = lazyScreen(pageLoaders.order);
const GuestOrderPage = lazyScreen(pageLoaders.guestOrder);
const FindOrderPage = lazyScreen(pageLoaders.findOrder);
const AdminPage = lazyScreen(pageLoaders.admin);
const PaxiFinderPage = lazyScreen(pageLoaders.paxiFinder);
const AuthCallbackPage = lazyScreen(pageLoaders.authCallback);
const NotFoundPage = lazyScreen(pageLoaders.notFound);

/** Every screen of the shop; all but the home page load on first visit, behind the layout's spinner. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/" element={<HomePage />} />
        <Route path="/shop" element={<ShopPage />} />
        <Route path="/product/:id" element={<ProductPage />} />
        <Route path="/contact" element={<ContactPage />} />
        <Route path="/quote" element={<QuotePage />} />
        <Route path="/checkout" element={<CheckoutPage />} />
        <Route path="/payment/success" element={<PaymentSuccessPage />} />
        <Route path="/payment/cancel" element={<PaymentCancelPage />} />
        <Route path="/payment/failed" element={<PaymentFailedPage />} />
        <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
        <Route path="/terms-of-service" element={<TermsOfServicePage />} />
        <Route path="/returns-policy" element={<ReturnsPolicyPage />} />
        <Route path="/shipping-policy" element={<ShippingPolicyPage />} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/password-reset" element={<PasswordResetPage />} />
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/profile/orders/:orderNumber" element={<OrderPage />} />
        <Route path="/orders/find" element={<FindOrderPage />} />
        <Route path="/orders/:orderNumber" element={<GuestOrderPage />} />
        <Route path="/admin" element={<AdminPage />} />
        <Route path="/paxi-finder" element={<PaxiFinderPage />} />
        {/* The spec's test page for reset links: the real reset page answers the same links. */}
        <Route path="/test-password-reset" element={<KeepQueryRedirect to="/password-reset" />} />
        <Route path="/auth/callback" element={<AuthCallbackPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/** Sends an old address to its page, keeping ?token=… and #… so that emailed links still work. */
function KeepQueryRedirect({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={`${to}${search}${hash}`} replace />;
}
