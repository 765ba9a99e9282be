import { useMutation } from '@tanstack/react-query';
import { apiRequest, messageOf, noRetryOnRefusal } from '../../lib/api';
import { toast } from '../ui/toast-store';
import type { QuoteRequestInput } from '../../../shared/quotes';

export interface QuoteReceived {
  id: string;
  reference: string;
  message: string;
}

/** POST /api/quotes; a refusal says why in a toast, and the form keeps what was typed. */
export function useRequestQuote(onReceived: (received: QuoteReceived) => void) {
  return useMutation({
    mutationFn: (input: QuoteRequestInput) => apiRequest<QuoteReceived>('POST', '/api/quotes', input),
    retry: noRetryOnRefusal,
    onSuccess: (received) => onReceived(received),
    onError: (error) => {
      toast({ title: 'Error', description: messageOf(error, 'Failed to send your request. Please try again.'), variant: 'destructive' });
    },
  });
}
