import type { ShippingAddress } from '#shared/shipping-address.ts';
import { useViewer } from '#web/features/auth/api/use-viewer.ts';
import { useProfile } from '#web/features/users/api/use-profile.ts';

/**
 * Where a signed-in customer's delivery details start (R-ORDER-ADDRESS): the account's name, the profile's
 * address and phone; empty under the account's name if the profile cannot be read; undefined while it loads
 * or for a visitor. Buy Now and checkout start from the same.
 */
export function useSavedDelivery(): ShippingAddress | undefined {
  const { user } = useViewer();
  const profile = useProfile(user?.email);
  if (profile.data) return { name: profile.data.name, address: profile.data.address, phone: profile.data.phoneNumber };
  return profile.isError && user ? { name: user.name, address: '', phone: '' } : undefined;
}
