import type { ReactNode } from 'react';
import { CreditCard, Mail, MapPin, MessageSquareText, PackageCheck, Truck } from 'lucide-react';
import { findDeliveryOption } from '../../../shared/shop-facts';
import { courierDeliveryTimes, courierNotes } from '../../../shared/delivery';
import type { PaymentVerification } from '../../../shared/checkout';
import { formatRand } from '../../../shared/money';
import { InfoCard } from '../ui/InfoCard';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-sm font-medium break-all text-slate-900 sm:text-right">{children}</dd>
    </div>
  );
}

const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/** Payment Details: transaction, amount and status (spec section 2). */
export function PaymentDetails({ verification, checkoutId }: { verification: PaymentVerification; checkoutId: string }) {
  return (
    <InfoCard title="Payment Details" icon={<CreditCard className="h-5 w-5 text-brand-700" aria-hidden="true" />} testId="payment-details">
      <dl className="divide-y divide-slate-100">
        <Row label="Transaction ID">{verification.paymentId || verification.metadata?.checkoutId || checkoutId}</Row>
        {typeof verification.amount === 'number' && <Row label="Amount Paid">{formatRand(verification.amount)}</Row>}
        <Row label="Status">
          <span className="inline-flex rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">{statusLabel(verification.status)}</span>
        </Row>
      </dl>
    </InfoCard>
  );
}

/** Where the parcel goes: the PAXI point and what to bring, or the address the courier brings it to. */
export function DeliveryInformation({ verification }: { verification: PaymentVerification }) {
  const courier = verification.metadata?.courier;
  if (verification.metadata?.deliveryMethod === 'courier' && courier) return <HomeDelivery courier={courier} />;
  const point = verification.metadata?.paxiPoint;
  if (verification.metadata?.deliveryMethod !== 'paxi' || !point) return null;
  const speed = findDeliveryOption(verification.metadata.deliverySpeed ?? '');
  return (
    <InfoCard title="Delivery Information" icon={<MapPin className="h-5 w-5 text-brand-700" aria-hidden="true" />} testId="delivery-information">
      <p className="text-sm font-semibold text-slate-500">PAXI Collection Point</p>
      <address className="mt-1 text-slate-900 not-italic">
        <span className="block font-semibold">{point.name}</span>
        {point.address && <span className="block">{point.address}</span>}
        {point.city && <span className="block">{point.city}</span>}
        {point.province && <span className="block">{point.province}</span>}
      </address>
      {speed && (
        <p className="mt-3 text-sm text-slate-700">
          {speed.name}: {speed.time}.
        </p>
      )}
      <p className="mt-3 rounded-md bg-brand-50 p-3 text-sm text-brand-900">
        You will receive an SMS when your order arrives at the PAXI point. Please bring your ID when you collect it.
      </p>
    </InfoCard>
  );
}

/** The spec's home-delivery card: 'Your Address', and the courier's service. */
function HomeDelivery({ courier }: { courier: NonNullable<PaymentVerification['metadata']['courier']> }) {
  const { address } = courier;
  return (
    <InfoCard title="Delivery Information" icon={<Truck className="h-5 w-5 text-brand-700" aria-hidden="true" />} testId="delivery-information">
      <p className="text-sm font-semibold text-slate-500">Your Address</p>
      <address className="mt-1 text-slate-900 not-italic">
        {address.company && <span className="block font-semibold">{address.company}</span>}
        <span className="block">{address.street}</span>
        <span className="block">{address.suburb}</span>
        <span className="block">
          {address.city}, {address.postalCode}
        </span>
        <span className="block">{address.province}</span>
      </address>
      <p className="mt-3 text-sm text-slate-700">Courier: {courier.service}.</p>
      <p className="mt-3 rounded-md bg-brand-50 p-3 text-sm text-brand-900">
        {courierNotes.onTheWay} {courierNotes.signFor}
      </p>
    </InfoCard>
  );
}

/** 'What's Next?': the confirmation email, preparing the order, and the collection SMS or the courier's delivery. */
export function WhatsNext({ verification }: { verification: PaymentVerification }) {
  const email = verification.metadata?.customerInfo?.email;
  const pointName = verification.metadata?.paxiPoint?.name;
  const courier = verification.metadata?.courier;
  const steps = [
    {
      icon: <Mail className="h-5 w-5 text-brand-700" aria-hidden="true" />,
      title: 'Confirmation email',
      text: email ? `A confirmation email with your order details is on its way to ${email}.` : 'A confirmation email with your order details is on its way.',
    },
    {
      icon: <PackageCheck className="h-5 w-5 text-brand-700" aria-hidden="true" />,
      title: 'Order processing',
      text: 'Your flag order is being prepared for shipment.',
    },
    courier
      ? {
          icon: <Truck className="h-5 w-5 text-brand-700" aria-hidden="true" />,
          title: 'Delivery',
          text: `The courier brings your flags to ${courier.address.street}, ${courier.address.city}: ${courierDeliveryTimes[courier.serviceLevel]}.`,
        }
      : {
          icon: <MessageSquareText className="h-5 w-5 text-brand-700" aria-hidden="true" />,
          title: 'Collection',
          text: pointName
            ? `We will send you an SMS when your parcel is ready for collection at ${pointName}.`
            : 'We will send you an SMS when your parcel is ready for collection.',
        },
  ];
  return (
    <section aria-labelledby="whats-next-heading" className="rounded-xl border border-slate-200 bg-slate-50 p-5 text-left sm:p-6">
      <h2 id="whats-next-heading" className="text-lg font-semibold text-slate-900">
        What&apos;s Next?
      </h2>
      <ol className="mt-4 space-y-4">
        {steps.map((step, index) => (
          <li key={step.title} className="flex gap-3">
            <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-white shadow-sm">{step.icon}</span>
            <span>
              <span className="block font-semibold text-slate-900">
                {index + 1}. {step.title}
              </span>
              <span className="block text-sm text-slate-700">{step.text}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
