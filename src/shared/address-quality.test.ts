import { describe, expect, it } from 'vitest';
import { type AddressPart, type AddressQuality, checkAddress } from './address-quality.ts';

/** Areas' names as the server passes them: the area's, its district's and places within it, in both languages. */
const AREAS = {
  banani: ['Banani', 'বনানী', 'Dhaka', 'ঢাকা', 'Mohakhali', 'মহাখালী'],
  mirpur: ['Mirpur', 'মিরপুর', 'Dhaka', 'ঢাকা', 'Mirpur 1', 'মিরপুর ১', 'Mirpur 10', 'মিরপুর ১০'],
  uttara: ['Uttara West', 'উত্তরা পশ্চিম', 'Dhaka', 'ঢাকা', 'Uttara Sector 7', 'উত্তরা সেক্টর ৭', 'Abdullahpur'],
  savar: ['Savar', 'সাভার', 'Dhaka', 'ঢাকা', 'Ashulia', 'আশুলিয়া'],
  kurigram: ['Char Rajibpur', 'চর রাজিবপুর', 'Kurigram', 'কুড়িগ্রাম', 'Kodalkati', 'কোদালকাটি'],
  chattogram: ['Panchlaish', 'পাঁচলাইশ', 'Chattogram', 'চট্টগ্রাম'],
} as const;

const TABLE: [string, keyof typeof AREAS, AddressQuality][] = [
  // English, as merchants type them.
  ['House 12, Road 5, Block C, Banani', 'banani', 'good'],
  ['House No. 12, Road No. 11, Banani, Dhaka 1213', 'banani', 'good'],
  ['H#12, R#5, Banani', 'banani', 'good'],
  ['H-45, R-7, Sector 7, Uttara', 'uttara', 'good'],
  ['Flat 3B, Rupayan Tower, opposite Jamuna Future Park', 'banani', 'good'],
  ['Holding 45/2, Ward 7', 'savar', 'good'],
  ['12/A Lake Road, Mohakhali', 'banani', 'good'],
  ['Apartment 6C, Plot 23, Sector 7, Uttara', 'uttara', 'good'],
  ['House 7, near Baitul Aman Mosque, Mirpur 10', 'mirpur', 'good'],
  ['Plot 5, Block B, Section 6, Mirpur', 'mirpur', 'good'],
  ['Flat 4A, House 21, Gulshan Avenue', 'banani', 'good'],
  ['Vill: Char Kukri, PO: Kodalkati, Thana: Char Rajibpur', 'kurigram', 'good'],
  ['Village Noyapara, P.O. Ashulia, Savar', 'savar', 'good'],
  ['42 Panchlaish R/A, Road 3, Chattogram', 'chattogram', 'good'],
  // Bangla and Bengali digits.
  ['বাড়ি ১২, রোড ৫, ব্লক সি, বনানী', 'banani', 'good'],
  ['বাসা নং ৭, সেক্টর ৭, উত্তরা', 'uttara', 'good'],
  ['১২ নং বাড়ি, মসজিদের পাশে, মিরপুর ১০', 'mirpur', 'good'],
  ['হোল্ডিং ৪৫/২, ওয়ার্ড ৭, সাভার', 'savar', 'good'],
  ['ফ্ল্যাট ৩বি, রূপায়ণ টাওয়ার, যমুনা ফিউচার পার্কের বিপরীতে', 'banani', 'good'],
  ['গ্রাম: চর কুকরি, পোস্ট: কোদালকাটি, থানা: চর রাজিবপুর', 'kurigram', 'good'],
  ['বাসা ২১, লেন ৪, মহাখালী', 'banani', 'good'],
  ['প্লট ৯, সড়ক ২, পাঁচলাইশ', 'chattogram', 'good'],
  ['বাসা ৩, বড় রোডের শেষ মাথায়, মিরপুর', 'mirpur', 'good'],
  // Mixed.
  ['House ১২, রোড 5, Banani', 'banani', 'good'],
  ['বাড়ি 14, Road 2, Mirpur 1', 'mirpur', 'good'],
  ['Flat 2B, সাভার বাজারের পাশে', 'savar', 'good'],
  // Vague: something the rider cannot find without a call.
  ['near the mosque', 'mirpur', 'vague'],
  ['Rupayan Tower, opposite Jamuna Future Park', 'banani', 'vague'],
  ['Road 5, Block C, Banani', 'banani', 'vague'],
  ['House 12, Banani', 'banani', 'vague'],
  ['Mirpur 10, beside the school', 'mirpur', 'vague'],
  ['মসজিদের পাশে', 'mirpur', 'vague'],
  ['রোড ৫, বনানী', 'banani', 'vague'],
  ['বাড়ি ১২, বনানী', 'banani', 'vague'],
  ['Karim’s shop, Ashulia', 'savar', 'vague'],
  ['Behind Shapla Market', 'chattogram', 'vague'],
  ['Char Kukri', 'kurigram', 'vague'],
  ['Gulshan', 'banani', 'vague'],
  // Bare: only the chosen area's names.
  ['Mirpur', 'mirpur', 'bare'],
  ['Mirpur 10', 'mirpur', 'bare'],
  ['Uttara', 'uttara', 'bare'],
  ['Uttara, Dhaka', 'uttara', 'bare'],
  ['মিরপুর', 'mirpur', 'bare'],
  ['উত্তরা, ঢাকা', 'uttara', 'bare'],
  ['Banani, Dhaka 1213, Bangladesh', 'banani', 'bare'],
  ['Savar Thana, Dhaka District', 'savar', 'bare'],
  ['সাভার, ঢাকা', 'savar', 'bare'],
  ['মিরপুর ১০', 'mirpur', 'bare'],
];

describe('an address checked before a rider leaves (issue 44, R-ADDRESS-QUALITY)', () => {
  it('reads real addresses in English, Bangla and a mix as a rider would', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(40);
    const wrong = TABLE.filter(([address, area, level]) => checkAddress(address, AREAS[area]).level !== level).map(
      ([address, area, level]) => `${address} (${area}): expected ${level}, got ${checkAddress(address, AREAS[area]).level}`,
    );
    expect(wrong).toEqual([]);
  });

  it('says what is missing: a house number, a road or block, a landmark', () => {
    const missing = (address: string, area: keyof typeof AREAS): AddressPart[] => checkAddress(address, AREAS[area]).missing;
    expect(missing('House 12, Road 5, near Banani Lake', 'banani')).toEqual([]);
    expect(missing('House 12, Road 5, Banani', 'banani')).toEqual(['landmark']);
    expect(missing('near the mosque', 'mirpur')).toEqual(['house', 'road']);
    expect(missing('রোড ৫, বনানী', 'banani')).toEqual(['house', 'landmark']);
    expect(missing('Mirpur', 'mirpur')).toEqual(['house', 'road', 'landmark']);
  });

  it('reads a bare name against the chosen area only: another area’s name is vague, not bare', () => {
    expect(checkAddress('Mirpur', AREAS.banani).level).toBe('vague');
    expect(checkAddress('Mirpur', AREAS.mirpur).level).toBe('bare');
  });
});
