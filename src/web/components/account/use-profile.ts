import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, messageOf, noRetryOnRefusal } from '../../lib/api';
import { callApi } from '../../lib/api-client';
import { toast } from '../ui/toast-store';
import { forgetShopper, SESSION_KEY } from '../auth/use-session';
import { signInMessage, signInMethod } from '../auth/sign-in-method';
import { SignInProblem, type AccountDeletion, type PasswordChange } from '../auth/sign-in-types';
import { accountMessages } from '../../../shared/schemas';
import type {
  AddressInput,
  ProfileOrder,
  ProfileUpdate,
  ProfileView,
  SavedAddress,
} from '../../../shared/profile';

/**
 * Keys carry the user's id after the address, so one shopper's answers are never shown to the
 * next one on the same browser; the default fetch GETs the first part (spec section 7).
 */
const profileKey = (userId: string) => ['/api/profile', userId] as const;
const ordersKey = (userId: string) => ['/api/profile/orders', userId] as const;

export function useProfile(userId: string | undefined) {
  return useQuery<ProfileView>({ queryKey: profileKey(userId ?? ''), enabled: !!userId });
}

export function useOrders(userId: string | undefined) {
  return useQuery<{ orders: ProfileOrder[] }>({ queryKey: ordersKey(userId ?? ''), enabled: !!userId });
}

export function useSaveProfile() {
  return useMutation({
    mutationFn: (update: ProfileUpdate) => callApi('saveProfile', { body: update }),
    retry: noRetryOnRefusal,
  });
}

export function useSaveAddress() {
  return useMutation({
    mutationFn: ({ id, address }: { id?: string; address: AddressInput }) =>
      id
        ? callApi('updateAddress', { params: { id }, body: address })
        : callApi('addAddress', { body: address }),
    retry: noRetryOnRefusal,
  });
}

export function useMakeDefaultAddress() {
  return useMutation({
    mutationFn: (address: SavedAddress) => callApi('makeAddressDefault', { params: { id: address.id } }),
    retry: noRetryOnRefusal,
    onSuccess: () => toast({ title: 'Default Address Changed', description: 'New orders will suggest this address first.' }),
    onError: (error) =>
      toast({ title: 'Error', description: messageOf(error, 'Failed to change the default address'), variant: 'destructive' }),
  });
}

export function useRemoveAddress() {
  return useMutation({
    mutationFn: (address: SavedAddress) => apiRequest('DELETE', `/api/profile/addresses/${address.id}`),
    retry: noRetryOnRefusal,
    onSuccess: () => toast({ title: 'Address Removed', description: 'The address has been removed from your profile.' }),
    onError: (error) => toast({ title: 'Error', description: messageOf(error, 'Failed to remove the address'), variant: 'destructive' }),
  });
}

/** Spec sections 7 and 8: a new verification link, which brings the shopper back to this page. */
export function useResendVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) => (await signInMethod(client)).resendVerification(email),
    retry: false,
    onSuccess: () => toast({ title: 'Verification Email Sent', description: accountMessages.verificationSent }),
    onError: (error) =>
      toast({
        title: 'Error',
        // The server's reason when it gives one (a limit says when to ask again), else the spec's words.
        description: signInMessage(error, 'Failed to send verification email. Please try again.'),
        variant: 'destructive',
      }),
  });
}

/** The sign-in method's refusals of a password change, in the spec's words (section 8). */
export function passwordChangeMessage(error: unknown): string {
  if (error instanceof SignInProblem) return error.message;
  if (error instanceof ApiError) {
    try {
      const { code } = JSON.parse(error.body) as { code?: string };
      if (code === 'INVALID_PASSWORD') return 'Incorrect password.';
      if (code === 'PASSWORD_TOO_SHORT') return 'Password should be at least 6 characters long.';
    } catch {
      // not JSON: the generic message below
    }
  }
  return messageOf(error, 'Failed to change password. Please try again.');
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: PasswordChange) => (await signInMethod(client)).changePassword(input),
    // A second try would meet the changed password.
    retry: false,
  });
}

/**
 * Whether the account signs in with a password: the profile says so for the shop's own accounts;
 * with Firebase the shop keeps no password, and Firebase's account tells. Undefined until known;
 * the profile's word when Firebase cannot be asked (its steps then say why they fail).
 */
export function useHasPassword(userId: string, profileSays: boolean): boolean | undefined {
  const client = useQueryClient();
  const { data, isError } = useQuery({
    queryKey: ['sign-in-password', userId, profileSays],
    queryFn: async () => (await signInMethod(client)).hasPassword(profileSays),
    staleTime: Infinity,
    retry: false,
  });
  return isError ? profileSays : data;
}

/**
 * Deleting the account signs this browser out: the cached user, what checkout remembered and every
 * personal answer go with it, and the shopper lands on the home page. Done here rather than in the
 * dialog, which unmounts as soon as the session is gone.
 */
export function useDeleteAccount() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (input: AccountDeletion) => (await signInMethod(client)).deleteAccount(input),
    retry: false,
    onSuccess: () => {
      forgetShopper();
      toast({ title: 'Account Deleted', description: 'Your account and personal details have been deleted. You are signed out.' });
      void navigate('/');
      client.setQueryData(SESSION_KEY, null);
      for (const key of ['/api/profile', '/api/profile/orders', '/api/wishlist']) client.removeQueries({ queryKey: [key] });
    },
  });
}
