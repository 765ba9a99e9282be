import { cn } from '../../lib/cn';
import { useMediaQuery } from '../../lib/use-media-query';
import { DocumentLink } from '../orders/DocumentLink';
import { Fact, FactList } from './OrderParts';
import { TABLE_QUERY } from './OrderList';
import { formatDateTime } from './order-format';
import { deskDocument } from './use-documents';
import { formatRand } from '../../../shared/money';
import type { TaxDocumentSummary } from '../../../shared/tax-documents';

interface DocumentListProps {
  label: string;
  documents: TaxDocumentSummary[];
  /** False for a shop that is not a VAT vendor: its invoices carry no VAT, so there is no VAT column. */
  vatRegistered: boolean;
}

/** A credit note takes money back: negative, as in the register. */
const signed = (document: TaxDocumentSummary, cents: number) => formatRand(document.kind === 'credit_note' ? -cents : cents);

const headingClass = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase';
const cell = 'px-3 py-2 align-middle';

function DocumentTable({ label, documents, vatRegistered }: DocumentListProps) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-sm" aria-label={label} data-testid="document-table">
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            {['Serial', 'Date', 'Type', 'Order', 'Customer'].map((heading) => (
              <th key={heading} scope="col" className={headingClass}>
                {heading}
              </th>
            ))}
            <th scope="col" className={cn(headingClass, 'text-right')}>
              {vatRegistered ? 'Incl. VAT' : 'Amount'}
            </th>
            {vatRegistered && (
              <th scope="col" className={cn(headingClass, 'text-right')}>
                VAT
              </th>
            )}
            <th scope="col" className={headingClass}>
              <span className="sr-only">Download</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {documents.map((document) => (
            <tr key={document.serial} data-testid="document-row" data-serial={document.serial} className="hover:bg-slate-50">
              <th scope="row" className={cn(cell, 'text-left font-mono font-semibold whitespace-nowrap')}>
                {document.serial}
              </th>
              <td className={cn(cell, 'whitespace-nowrap text-slate-700')}>
                <time dateTime={document.issuedAt}>{formatDateTime(document.issuedAt)}</time>
              </td>
              <td className={cell}>{document.title}</td>
              <td className={cn(cell, 'whitespace-nowrap')}>{document.orderNumber}</td>
              <td className={cn(cell, 'max-w-56 break-words')}>{document.customerName}</td>
              <td className={cn(cell, 'text-right font-semibold whitespace-nowrap tabular-nums')}>{signed(document, document.totalCents)}</td>
              {vatRegistered && <td className={cn(cell, 'text-right whitespace-nowrap tabular-nums')}>{signed(document, document.vatCents)}</td>}
              <td className={cn(cell, 'whitespace-nowrap')}>
                <DocumentLink document={deskDocument(document)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DocumentCard({ document, vatRegistered }: { document: TaxDocumentSummary; vatRegistered: boolean }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="document-row" data-serial={document.serial}>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0">
          <h4 className="font-mono text-base font-semibold text-slate-900">{document.serial}</h4>
          <p className="text-sm text-slate-700">{document.title}</p>
        </div>
        <span className="text-lg font-semibold whitespace-nowrap text-slate-900 tabular-nums">{signed(document, document.totalCents)}</span>
      </div>
      <FactList className="mt-3">
        <Fact label="Date">
          <time dateTime={document.issuedAt}>{formatDateTime(document.issuedAt)}</time>
        </Fact>
        <Fact label="Order">{document.orderNumber}</Fact>
        <Fact label="Customer">{document.customerName}</Fact>
        {vatRegistered && <Fact label="VAT">{signed(document, document.vatCents)}</Fact>}
      </FactList>
      <DocumentLink document={deskDocument(document)} className="mt-2 text-sm" />
    </li>
  );
}

/** The period's documents as a table on a laptop and as cards on phones and tablets, like the orders. */
export function DocumentList(props: DocumentListProps) {
  const asTable = useMediaQuery(TABLE_QUERY);
  if (asTable) return <DocumentTable {...props} />;
  return (
    <ul className="space-y-3" aria-label={props.label}>
      {props.documents.map((document) => (
        <DocumentCard key={document.serial} document={document} vatRegistered={props.vatRegistered} />
      ))}
    </ul>
  );
}
