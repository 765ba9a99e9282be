import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/Button';
import { usePageMeta } from '../lib/use-page-meta';
import { staticPageMeta } from '../../shared/page-meta';
import { shop } from '../lib/initial-data';

export default function NotFoundPage() {
  usePageMeta(staticPageMeta('notFound', shop.name));
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
      <p className="text-6xl font-extrabold text-brand-700">404</p>
      <h1 className="text-2xl font-bold">404 Page Not Found</h1>
      <p className="text-slate-600">The page you are looking for does not exist or has been moved.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses('primary')}>
          Return to Home
        </Link>
        <Link to="/shop" className={buttonClasses('outline')}>
          Browse Flags
        </Link>
      </div>
    </section>
  );
}
