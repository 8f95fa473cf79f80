import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Cart } from '#shared/cart.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { type CartOwner, cartCount, readVisitorCart, writeVisitorCart } from '../cart-store.ts';

const EMPTY_CART: Cart = { items: [], price: 0, notices: [] };

/**
 * A visitor's cart as the shop sees it now (prices, stock, problems); products no longer sold leave the
 * browser's copy too, so the count stays true.
 */
async function previewVisitorCart(signal?: AbortSignal): Promise<Cart> {
  const items = readVisitorCart();
  if (items.length === 0) return EMPTY_CART;
  const cart = await apiRequest<Cart>('/api/cart/preview', { method: 'POST', body: { items }, authenticated: false, signal });
  const sold = new Set(cart.items.map((line) => line.productId));
  if (sold.size < items.length) writeVisitorCart(items.filter((item) => sold.has(item.productId)));
  return cart;
}

/** The cart the page shows: the account's from the server, or the visitor's from this browser. */
export function useCart(owner: CartOwner) {
  const signedIn = owner === 'signed-in';
  const cart = useQuery({
    queryKey: signedIn ? queryKeys.cart : queryKeys.visitorCart,
    enabled: owner !== 'checking',
    queryFn: ({ signal }) => (signedIn ? apiRequest<Cart>('/api/cart', { signal }) : previewVisitorCart(signal)),
  });
  const lines = cart.data?.items.length;
  useEffect(() => {
    if (lines !== undefined) cartCount.set(lines);
  }, [lines]);
  return cart;
}

/** Changing a line: the server checks the account's; a visitor's is checked by the page before it is kept. */
export function useChangeCart(owner: CartOwner) {
  const queryClient = useQueryClient();
  const signedIn = owner === 'signed-in';
  const visitorChange = async (change: (items: ReturnType<typeof readVisitorCart>) => ReturnType<typeof readVisitorCart>) => {
    writeVisitorCart(change(readVisitorCart()));
    return previewVisitorCart();
  };
  const onSuccess = (cart: Cart) => queryClient.setQueryData(signedIn ? queryKeys.cart : queryKeys.visitorCart, cart);
  const setQuantity = useMutation({
    mutationFn: ({ productId, quantity }: { productId: string; quantity: number }) =>
      signedIn
        ? apiRequest<Cart>(`/api/cart/items/${productId}`, { method: 'PUT', body: { quantity } })
        : visitorChange((items) => items.map((item) => (item.productId === productId ? { ...item, quantity } : item))),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (productId: string) =>
      signedIn
        ? apiRequest<Cart>(`/api/cart/items/${productId}`, { method: 'DELETE' })
        : visitorChange((items) => items.filter((item) => item.productId !== productId)),
    onSuccess,
  });
  return { setQuantity, remove };
}
