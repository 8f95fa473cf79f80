/** A visitor's cart as the browser keeps it (R-CART): the price seen when added, in dollars. */
export interface StoredCartItem {
  productId: string;
  quantity: number;
  seenPrice: number;
}

const VISITOR_CART_KEY = 'cart';

/** Whose cart the pages show (R-CART): the browser's while nobody is signed in, else the account's on the server. */
export type CartOwner = 'checking' | 'visitor' | 'signed-in';

const isStoredItem = (value: unknown): value is StoredCartItem => {
  const item = value as StoredCartItem;
  return typeof item?.productId === 'string' && Number.isInteger(item.quantity) && typeof item.seenPrice === 'number';
};

/** A visitor's cart as this browser keeps it; anything unreadable counts as empty. */
export function readVisitorCart(): StoredCartItem[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(VISITOR_CART_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isStoredItem) : [];
  } catch {
    return [];
  }
}

let count: number | undefined;
const listeners = new Set<() => void>();

/** How many products the cart holds, for the navbar; unknown until the browser has read it (not on the server). */
export const cartCount = {
  now: () => count,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(value: number): void {
    if (count === value) return;
    count = value;
    for (const listener of listeners) listener();
  },
};

export function writeVisitorCart(items: StoredCartItem[]): void {
  if (items.length > 0) localStorage.setItem(VISITOR_CART_KEY, JSON.stringify(items));
  else localStorage.removeItem(VISITOR_CART_KEY);
  cartCount.set(items.length);
}
