import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.ts';
import { pageButtons, pageCount } from './paging.ts';

describe('testimonial pages', () => {
  it('count whole pages of three, and at least one', () => {
    expect(pageCount(0, 3)).toBe(1);
    expect(pageCount(3, 3)).toBe(1);
    expect(pageCount(7, 3)).toBe(3);
  });

  it('show every number while there are few', () => {
    expect(pageButtons(1, 1)).toEqual([1]);
    expect(pageButtons(2, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('leave numbers out with gaps when there are many', () => {
    expect(pageButtons(1, 20)).toEqual([1, 2, 3, 4, 'gap', 20]);
    expect(pageButtons(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageButtons(20, 20)).toEqual([1, 'gap', 17, 18, 19, 20]);
    expect(pageButtons(4, 20)).toEqual([1, 'gap', 3, 4, 5, 'gap', 20]);
  });
});

describe('initialsOf', () => {
  it('takes the first letters of the first two names', () => {
    expect(initialsOf('Amelia Hart')).toBe('AH');
    expect(initialsOf('  mei   lin chen ')).toBe('ML');
    expect(initialsOf('Zoë')).toBe('Z');
    expect(initialsOf('')).toBe('?');
  });
});
