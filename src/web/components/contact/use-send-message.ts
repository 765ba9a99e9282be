import { useMutation } from '@tanstack/react-query';
import { apiRequest, messageOf, noRetryOnRefusal } from '../../lib/api';
import { toast } from '../ui/toast-store';
import type { ContactInput } from '../../../shared/schemas';

/** POST /api/contact, with a toast either way; one retry (spec section 9), but not of a refusal. */
export function useSendMessage(onSent: () => void) {
  return useMutation({
    mutationFn: (input: ContactInput) => apiRequest('POST', '/api/contact', input),
    retry: noRetryOnRefusal,
    onSuccess: () => {
      toast({ title: 'Message Sent!', description: 'Thank you for your message! We will get back to you soon.' });
      onSent();
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: messageOf(error, 'Failed to send message. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}
