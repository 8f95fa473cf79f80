import { describe, expect, it } from 'vitest';
import { pictureSrcSet } from './picture.ts';

describe('pictureSrcSet (R-UPLOAD)', () => {
  it('lists every stored width of an uploaded picture', () => {
    const id = '3f2b6c1e-8d4a-4f7b-9c2e-1a5d7e9f0b3c';
    expect(pictureSrcSet(`/uploads/${id}.webp`)).toBe(`/uploads/${id}-400w.webp 400w, /uploads/${id}.webp 800w`);
  });

  it('gives none for pictures that were not re-encoded here', () => {
    expect(pictureSrcSet('/images/products/keyflow-mech.svg')).toBeUndefined();
    expect(pictureSrcSet('/uploads/3f2b6c1e-8d4a-4f7b-9c2e-1a5d7e9f0b3c.png')).toBeUndefined();
    expect(pictureSrcSet('https://cdn.example.com/router.webp')).toBeUndefined();
  });
});
