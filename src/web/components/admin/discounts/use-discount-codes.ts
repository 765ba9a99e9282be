import { useMutation, useQuery } from '@tanstack/react-query';
import { messageOf } from '../../../lib/api';
import { callApi } from '../../../lib/api-client';
import { toast } from '../../ui/toast-store';
import { discountOffText, type CreateDiscountCodeInput, type DiscountCodeView } from '../../../../shared/discounts';

const DISCOUNT_CODES_KEY = ['/api/admin/discount-codes'] as const;

export function useDiscountCodes() {
  return useQuery<{ codes: DiscountCodeView[] }, Error, DiscountCodeView[]>({ queryKey: DISCOUNT_CODES_KEY, select: (data) => data.codes });
}

// Neither write is sent twice by itself: the admin reads a refusal and decides. The list refreshes
// once a write settles (the query client invalidates every query after any change).

/** A refusal (the code taken, a field the server does not accept) stays in the dialog beside the form. */
export function useCreateDiscountCode(onCreated: () => void) {
  return useMutation({
    mutationFn: (input: CreateDiscountCodeInput) => callApi('createDiscountCode', { body: input }),
    retry: false,
    onSuccess: (code) => {
      toast({ title: 'Discount Code Added', description: `${code.code} takes ${discountOffText(code)}.` });
      onCreated();
    },
  });
}

export function useSwitchDiscountCode() {
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean; code: string }) =>
      callApi('switchDiscountCode', { params: { id }, body: { active } }),
    retry: false,
    onSuccess: (_code, { active, code }) =>
      toast(
        active
          ? { title: 'Discount Code Switched On', description: `Shoppers can use ${code} again, within its limits.` }
          : { title: 'Discount Code Switched Off', description: `Shoppers can no longer use ${code}.` },
      ),
    onError: (error) => toast({ title: 'Error', description: messageOf(error, 'Failed to switch the discount code'), variant: 'destructive' }),
  });
}
