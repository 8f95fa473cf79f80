import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartLineLimit, cartQuantityRefusal, clampCartQuantity, mergeCartQuantities, soldOutForCart } from './cart-rules.ts';

const product = fc
  .record({
    minQuantity: fc.integer({ min: 1, max: 50 }),
    span: fc.integer({ min: 0, max: 50 }),
    availableQuantity: fc.integer({ min: 0, max: 120 }),
  })
  .map(({ minQuantity, span, availableQuantity }) => ({
    name: 'Router',
    minQuantity,
    maxQuantity: minQuantity + span,
    availableQuantity,
  }));
const quantity = fc.integer({ min: 1, max: 200 });

describe('the cart rules (R-CART)', () => {
  it('a merged line holds the sum when it fits, else the most that can be ordered; never a quantity the server would refuse', () => {
    fc.assert(
      fc.property(product, quantity, quantity, (item, kept, added) => {
        const merged = mergeCartQuantities(kept, added, item);
        if (soldOutForCart(item)) {
          expect(merged).toBeUndefined();
          return;
        }
        expect(merged).toBe(Math.min(Math.max(kept + added, item.minQuantity), cartLineLimit(item)));
        expect(cartQuantityRefusal(merged as number, item)).toBeUndefined();
      }),
    );
  });

  it('merging is the same whichever cart comes first', () => {
    fc.assert(
      fc.property(product, quantity, quantity, (item, a, b) => {
        expect(mergeCartQuantities(a, b, item)).toBe(mergeCartQuantities(b, a, item));
      }),
    );
  });

  it('refuses exactly the quantities outside minimum, maximum and stock, with the purchase page’s words for the range', () => {
    fc.assert(
      fc.property(product, quantity, (item, wanted) => {
        const refusal = cartQuantityRefusal(wanted, item);
        const orderable = wanted >= item.minQuantity && wanted <= item.maxQuantity && wanted <= item.availableQuantity;
        expect(refusal === undefined).toBe(orderable);
        if (wanted < item.minQuantity) expect(refusal?.message).toBe(`please add ${item.minQuantity}+ products`);
        else if (wanted > item.maxQuantity) expect(refusal?.message).toBe(`please less than ${item.maxQuantity}`);
        if (orderable) expect(clampCartQuantity(wanted, item)).toBe(wanted);
      }),
    );
  });
});
