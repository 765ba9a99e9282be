import { Mail } from 'lucide-react';
import { Button } from '../ui/Button';
import { useSendDigest } from './use-order-desk';

/** Sends the order desk's digest of orders waiting to go out now, rather than at its daily time. */
export function SendDigestButton() {
  const send = useSendDigest();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={send.isPending}
      onClick={() => send.mutate()}
    >
      <Mail className="h-4 w-4" aria-hidden="true" /> {send.isPending ? 'Sending...' : 'Send digest now'}
    </Button>
  );
}
