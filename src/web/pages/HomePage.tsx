import { lazy, Suspense } from 'react';
import { usePageMeta } from '../lib/use-page-meta';
import { staticPageMeta } from '../../shared/page-meta';
import { shop, vatVendor } from '../lib/initial-data';
import { Hero } from '../components/home/Hero';
import { StatsSection } from '../components/home/StatsSection';
import { WhyChooseUs } from '../components/home/WhyChooseUs';
import { PolyesterBenefits } from '../components/home/PolyesterBenefits';
import { BestSellers } from '../components/home/BestSellers';
import { OurStory } from '../components/home/OurStory';
import { useProducts } from '../components/product/use-products';
import { lowestPriceCents } from '../../shared/product';

// The FAQ (with its accordion) sits at the bottom of the page: its code loads after the first paint.
const FaqSection = lazy(() => import('../components/home/FaqSection').then((m) => ({ default: m.FaqSection })));

/**
 * Loaded eagerly with the app shell: plain sections, flag pictures lazy below the fold. Its prices
 * are the catalogue's, which the server sends with the page.
 */
export default function HomePage() {
  const { data: products } = useProducts();
  const fromCents = products && lowestPriceCents(products);
  usePageMeta(staticPageMeta('home', shop.name, { fromCents, vatVendor }));
  return (
    <>
      <Hero fromCents={fromCents} />
      <StatsSection />
      <WhyChooseUs />
      <PolyesterBenefits />
      <BestSellers products={products} />
      <OurStory />
      <Suspense fallback={<div className="min-h-[32rem]" aria-hidden="true" />}>
        <FaqSection />
      </Suspense>
    </>
  );
}
