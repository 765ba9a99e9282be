import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { noRetryOnRefusal } from '../../lib/api';
import { callApi } from '../../lib/api-client';
import { endpoints } from '../../../shared/api/endpoints';
import { filterParams } from './use-order-desk';
import { documentUrls, type OrderDocument, type TaxDocumentSummary } from '../../../shared/tax-documents';

/**
 * The desk's tax documents (decision 0029): the list and the VAT report of a period, and their
 * files. A period is two days (YYYY-MM-DD, South African time), both included; left out, the
 * server takes last month and this one, and answers the days it took.
 */
export type DocumentPeriod = { from?: string; to?: string };

/** An address with the period (and anything else) in its query, only what is set. */
function withPeriod(path: string, period: DocumentPeriod, more: Record<string, string> = {}): string {
  const query = filterParams({ ...period, ...more }).toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The answer of one of the period's calls. A refused period (from after to) is not asked again: the
 * answer would be the same. The last answer stays on screen while the next period loads.
 */
function usePeriodQuery<T>(path: string, period: DocumentPeriod, ask: () => Promise<T>) {
  return useQuery({
    queryKey: [path, period],
    queryFn: ask,
    retry: noRetryOnRefusal,
    placeholderData: keepPreviousData,
  });
}

export const useTaxDocuments = (period: DocumentPeriod) => usePeriodQuery(endpoints.taxDocuments.path, period, () => callApi('taxDocuments', { query: period }));

export const useVatReport = (period: DocumentPeriod) => usePeriodQuery(endpoints.vatReport.path, period, () => callApi('vatReport', { query: period }));

/** A document as the desk downloads it. */
export function deskDocument(document: TaxDocumentSummary): OrderDocument {
  return { ...document, url: documentUrls.orderDesk(document.serial) };
}

/** The period's files for the accountant: the VAT report, the register and Xero's two import files. */
export function documentFiles(period: DocumentPeriod): { label: string; href: string }[] {
  const exportOf = (format: string) => withPeriod('/api/admin/documents/export.csv', period, { format });
  return [
    { label: 'VAT report CSV', href: withPeriod('/api/admin/vat-report.csv', period) },
    { label: 'Register CSV', href: exportOf('register') },
    { label: 'Xero invoices CSV', href: exportOf('xero-invoices') },
    { label: 'Xero credit notes CSV', href: exportOf('xero-credit-notes') },
  ];
}
