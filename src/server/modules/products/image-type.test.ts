import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

describe('detectImageType', () => {
  it('knows JPEG, PNG and WebP by their signatures', () => {
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))?.extension).toBe('jpg');
    expect(detectImageType(bytes(0x89, ...ascii('PNG'), 0x0d, 0x0a, 0x1a, 0x0a, 0))?.extension).toBe('png');
    expect(detectImageType(bytes(...ascii('RIFF'), 1, 2, 3, 4, ...ascii('WEBPVP8 ')))?.extension).toBe('webp');
  });

  it('refuses anything else, whatever it is called', () => {
    expect(detectImageType(bytes(...ascii('GIF89a')))).toBeUndefined();
    expect(detectImageType(bytes(...ascii('<svg xmlns="http://www.w3.org/2000/svg"/>')))).toBeUndefined();
    expect(detectImageType(bytes(...ascii('RIFF'), 1, 2, 3, 4, ...ascii('WAVE')))).toBeUndefined();
    expect(detectImageType(bytes(0xff, 0xd8))).toBeUndefined();
    expect(detectImageType(bytes())).toBeUndefined();
  });
});
