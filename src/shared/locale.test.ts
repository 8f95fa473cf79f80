import { describe, expect, it } from 'vitest';
import { localeOfPath, pathInLocale, preferredLocale } from './locale.ts';

describe('a page’s language is its address (R-LANGUAGES)', () => {
  it('reads the language from the /bn prefix and the path without it', () => {
    expect(localeOfPath('/bn')).toEqual({ locale: 'bn', path: '/' });
    expect(localeOfPath('/bn/blog/cash-on-delivery-payouts')).toEqual({ locale: 'bn', path: '/blog/cash-on-delivery-payouts' });
    expect(localeOfPath('/blog')).toEqual({ locale: 'en', path: '/blog' });
    // Only the whole first segment: /bnb is an English page's address.
    expect(localeOfPath('/bnb')).toEqual({ locale: 'en', path: '/bnb' });
  });

  it('writes a page’s address in a language', () => {
    expect(pathInLocale('bn', '/')).toBe('/bn');
    expect(pathInLocale('bn', '/purchase/42')).toBe('/bn/purchase/42');
    expect(pathInLocale('bn', '/?q=x')).toBe('/bn?q=x');
    expect(pathInLocale('en', '/purchase/42')).toBe('/purchase/42');
  });

  it('takes the language Accept-Language prefers among the shop’s, by its quality values', () => {
    expect(preferredLocale('bn-BD,bn;q=0.9,en;q=0.8')).toBe('bn');
    expect(preferredLocale('en-GB,en;q=0.9,bn;q=0.5')).toBe('en');
    expect(preferredLocale('fr-FR,bn;q=0.7')).toBe('bn');
    expect(preferredLocale('bn;q=0')).toBe('en');
    expect(preferredLocale(undefined)).toBe('en');
    expect(preferredLocale('*')).toBe('en');
  });
});
