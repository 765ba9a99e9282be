import { Download } from 'lucide-react';
import { cn } from '../../lib/cn';
import { downloadLabel, type OrderDocument } from '../../../shared/tax-documents';

/** The link that downloads a tax invoice or credit note as a PDF: 'Download tax invoice'. */
export function DocumentLink({ document, className }: { document: Pick<OrderDocument, 'title' | 'url'>; className?: string }) {
  return (
    <a href={document.url} download className={cn('inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-700 underline', className)}>
      <Download className="h-4 w-4 shrink-0" aria-hidden="true" />
      {downloadLabel(document)}
    </a>
  );
}
