import { useQuery } from '@tanstack/react-query';
import { noRetryOnRefusal } from '../../lib/api';

/** GET /api/admin/check for the signed-in user: the user menu and the order desk share the answer. */
export function useAdminCheck(userId: string) {
  return useQuery<{ isAdmin: boolean; adminUser: { email: string } | null; emailVerificationRequired?: boolean }>({
    queryKey: ['/api/admin/check', userId],
    // A 401 or 403 is an answer, not a hiccup: asking again changes nothing.
    retry: noRetryOnRefusal,
  });
}
