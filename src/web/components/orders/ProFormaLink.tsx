import { DocumentLink } from './DocumentLink';
import { PRO_FORMA_TITLE } from '../../../shared/tax-documents';

/** While an order awaits its bank transfer, the link that downloads its pro-forma invoice (orderCalls' proForma): 'Download pro-forma invoice'. */
export function ProFormaLink({ url }: { url: string }) {
  return <DocumentLink document={{ title: PRO_FORMA_TITLE, url }} />;
}
