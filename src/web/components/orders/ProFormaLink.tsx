import { DocumentLink } from './DocumentLink';
import { documentUrls, PRO_FORMA_TITLE } from '../../../shared/tax-documents';

/** While an order awaits its bank transfer, the link that downloads its pro-forma invoice: 'Download pro-forma invoice'. */
export function ProFormaLink({ orderNumber }: { orderNumber: string }) {
  return <DocumentLink document={{ title: PRO_FORMA_TITLE, url: documentUrls.proForma(orderNumber) }} />;
}
