import { Link } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import { buttonClasses } from './Button';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  text: string;
  /** Where to get some. */
  link: { to: string; label: string; variant: 'primary' | 'outline' };
}

/** Nothing here yet: what would be here, and where to get some. */
export function EmptyState({ icon: Icon, title, text, link }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 p-8 text-center">
      <Icon className="h-10 w-10 text-slate-400" aria-hidden="true" />
      <p className="font-semibold text-slate-900">{title}</p>
      <p className="text-sm text-slate-600">{text}</p>
      <Link to={link.to} className={buttonClasses(link.variant, 'sm')}>
        {link.label}
      </Link>
    </div>
  );
}
