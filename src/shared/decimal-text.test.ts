import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { orderQuantitySchema } from './order.ts';
import { productInputSchema } from './product.ts';
import { newReviewSchema, reviewPageQuerySchema } from './review.ts';

const NOT_DECIMAL = ['0x10', '1e1', '0b1', '0o7', '16abc', 'Infinity', ''];

/** The first message a schema gives for a value, or the value it reads. */
function read(schema: z.ZodType, value: unknown, field?: string) {
  const parsed = schema.safeParse(value);
  if (parsed.success) return field ? (parsed.data as Record<string, unknown>)[field] : parsed.data;
  return parsed.error.issues[0]?.message;
}

describe('numbers typed as text are read in decimal notation only (R-TEXT)', () => {
  it('order and cart quantities', () => {
    expect(read(orderQuantitySchema, '16')).toBe(16);
    expect(read(orderQuantitySchema, ' 16 ')).toBe(16);
    expect(read(orderQuantitySchema, '1.5')).toBe('quantity must be a whole number');
    for (const text of NOT_DECIMAL) expect(read(orderQuantitySchema, text), text).toBe('quantity must be a number');
  });

  it('a product’s quantities', () => {
    const product = {
      name: 'Router',
      price: '10',
      description: 'Small.',
      minQuantity: '1',
      maxQuantity: ' 16 ',
      availableQuantity: 3,
      picture: 'https://a.example/p.png',
    };
    expect(read(productInputSchema, product, 'maxQuantity')).toBe(16);
    for (const text of NOT_DECIMAL.filter(Boolean))
      expect(read(productInputSchema, { ...product, maxQuantity: text }), text).toBe('Maximum quantity must be a number');
  });

  it('a review’s rating and the review pages', () => {
    const review = newReviewSchema(z.never());
    const body = { reviewPhoto: 'https://a.example/p.png', reviewDescription: 'Fine.' };
    expect(read(review, { ...body, reviewRating: ' 4 ' }, 'reviewRating')).toBe(4);
    expect(read(reviewPageQuerySchema, { page: '16' }, 'page')).toBe(16);
    for (const text of NOT_DECIMAL) {
      expect(read(review, { ...body, reviewRating: text }), text).toBe('rating must be a whole number from 1 to 5');
      expect(read(reviewPageQuerySchema, { page: text }), text).toBe('page must be a whole number from 1 to 10000');
    }
  });
});
