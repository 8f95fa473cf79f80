import { z } from 'zod';
import { withWesternDigits } from './digits.ts';

/**
 * How findable a recipient's address is (issue 44, R-ADDRESS-QUALITY, decision 170): `good` names a house
 * and a road or a landmark (or, in a village, the village with its post office), `vague` lacks them, `bare`
 * is nothing but the chosen area's names ("Mirpur", "উত্তরা, ঢাকা"). A hint to the sender and a mark for the
 * rider, never a refusal.
 */
export const ADDRESS_QUALITIES = ['good', 'vague', 'bare'] as const;
export type AddressQuality = (typeof ADDRESS_QUALITIES)[number];
export const addressQualitySchema = z
  .enum(ADDRESS_QUALITIES)
  .describe(
    'How findable the recipient’s address is (R-ADDRESS-QUALITY): good (a house and a road or landmark), vague (call first), bare (only the area’s name).',
  );

/** The parts a rider looks for, each of which an address may miss. */
export const ADDRESS_PARTS = ['house', 'road', 'landmark'] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];

export interface AddressCheck {
  level: AddressQuality;
  missing: AddressPart[];
}

/** Words before a house's number: "House 12", "H#12", "Flat 3B", "Holding 45/2", "বাড়ি ১২", "বাসা নং ৭". */
const HOUSE_MARKERS = [
  ...['house', 'h', 'holding', 'flat', 'apt', 'apartment', 'plot', 'bari', 'basha', 'basa', 'unit', 'suite'],
  ...['বাড়ি', 'বাড়ী', 'বাসা', 'হোল্ডিং', 'ফ্ল্যাট', 'ফ্লাট', 'প্লট', 'এপার্টমেন্ট', 'অ্যাপার্টমেন্ট'],
];
/** What may stand between the word and the number: "House No. 12", "বাড়ি নং ১২". */
const NUMBER_MARKERS = ['no', 'number', 'নং', 'নম্বর', 'নাম্বার'];
/** A road, lane, block, sector or ward: "Road 5", "Lake Road", "Block C", "Sector 7", "রোড ৫", "সড়ক", "গলি". */
const ROAD_MARKERS = [
  ...['road', 'rd', 'lane', 'ln', 'street', 'avenue', 'ave', 'block', 'blk', 'sector', 'section', 'ward', 'goli', 'gali'],
  ...['sarani', 'sarak', 'sharak', 'highway', 'bypass'],
  ...['রোড', 'সড়ক', 'সড়ক', 'লেন', 'ব্লক', 'সেক্টর', 'সেকশন', 'ওয়ার্ড', 'ওয়ার্ড', 'গলি', 'স্ট্রিট', 'এভিনিউ', 'সরণি', 'সরনি'],
];
/** A landmark or a building the rider can ask for: "opposite Jamuna Future Park", "মসজিদের পাশে", "Rupayan Tower". */
const LANDMARK_MARKERS = [
  ...['near', 'nr', 'opposite', 'opp', 'beside', 'behind', 'next', 'front', 'adjacent', 'corner', 'besides'],
  ...['mosque', 'masjid', 'mandir', 'temple', 'church', 'school', 'college', 'madrasa', 'madrasha', 'university'],
  ...['market', 'bazar', 'bazaar', 'hospital', 'clinic', 'tower', 'bhaban', 'bhabon', 'building', 'plaza', 'mall'],
  ...['complex', 'park', 'bank', 'station', 'stand', 'pump', 'mor', 'chowrasta', 'chattar', 'gate', 'bridge', 'office'],
  ...['পাশে', 'বিপরীতে', 'বিপরীত', 'সামনে', 'পিছনে', 'পেছনে', 'কাছে', 'নিকট', 'সংলগ্ন', 'মোড়', 'মোড়', 'গেট'],
  ...['মসজিদ', 'মন্দির', 'গির্জা', 'স্কুল', 'বিদ্যালয়', 'বিদ্যালয়', 'কলেজ', 'মাদ্রাসা', 'বিশ্ববিদ্যালয়', 'বাজার', 'মার্কেট'],
  ...['হাসপাতাল', 'ক্লিনিক', 'টাওয়ার', 'টাওয়ার', 'ভবন', 'প্লাজা', 'পার্ক', 'ব্যাংক', 'ব্যাংক', 'স্টেশন', 'অফিস', 'ব্রিজ'],
];
/** A village and its post office, how a rural address is found: "Vill: Char Kukri, PO: …", "গ্রাম: …, ডাকঘর: …". */
const VILLAGE_MARKERS = ['vill', 'village', 'gram', 'para', 'mohalla', 'গ্রাম', 'পাড়া', 'পাড়া', 'মহল্লা'];
const POST_OFFICE_MARKERS = ['po', 'p', 'post', 'পোস্ট', 'পোঃ', 'ডাকঘর', 'পোষ্ট'];
/** Words that name no more than the area does: "Dhaka", "Bangladesh", "Thana", "উপজেলা". */
const PLACE_MARKERS = [
  ...['bangladesh', 'bd', 'city', 'town', 'thana', 'upazila', 'upazilla', 'zila', 'zilla', 'district', 'division'],
  ...['sadar', 'area', 'dist', 'ps', 'বাংলাদেশ', 'শহর', 'থানা', 'উপজেলা', 'জেলা', 'বিভাগ', 'সদর', 'এলাকা'],
];

/** Lower case, Western digits, one form of each Bangla letter: how addresses and names are compared. */
const normalized = (text: string) => withWesternDigits(text.normalize('NFC').toLowerCase());
/** The text's words: letters with their vowel signs, or digits, "3b" and "45/2" kept whole. */
const wordsOf = (text: string) => normalized(text).match(/[\p{L}\p{M}\p{N}]+(?:\/[\p{L}\p{M}\p{N}]+)*/gu) ?? [];

const hasDigit = (word: string) => /\d/.test(word);
const isBangla = (word: string) => /[\u0980-\u09FF]/.test(word);
/**
 * A word is one of `words`: English as written or plural ("mosques"); Bangla with its case ending
 * ("মসজিদের", "বাজারে", "রোডের"), up to three letters after the stem.
 */
const oneOf = (words: readonly string[]) => {
  const set = new Set(words.map(normalized));
  return (word: string) =>
    set.has(word) ||
    (word.length > 3 && word.endsWith('s') && set.has(word.slice(0, -1))) ||
    (isBangla(word) && [...set].some((stem) => isBangla(stem) && word.startsWith(stem) && word.length - stem.length <= 3));
};
const isHouseWord = oneOf(HOUSE_MARKERS);
const isNumberWord = oneOf(NUMBER_MARKERS);
const isRoadWord = oneOf(ROAD_MARKERS);
const isLandmarkWord = oneOf(LANDMARK_MARKERS);
const isVillageWord = oneOf(VILLAGE_MARKERS);
const isPostOfficeWord = oneOf(POST_OFFICE_MARKERS);
const isPlaceWord = oneOf(PLACE_MARKERS);

/**
 * A house's number: a house word with a number after it ("House 12", "Flat 3B", "বাসা নং ৭"), a number
 * with "no" before the house word ("১২ নং বাড়ি"), "#12", a holding written "45/2" or "12/A", or a number
 * the address starts with ("12 Lake Road").
 */
function namesHouse(words: string[], text: string): boolean {
  if (/#\s*\d/.test(text) || words.some((word) => /^\d+[a-z\u0980-\u09FF]?\/[\d\p{L}]/u.test(word))) return true;
  if (words[0] !== undefined && hasDigit(words[0]) && words[1] !== undefined && !isRoadWord(words[1])) return true;
  return words.some((word, at) => {
    if (!isHouseWord(word)) return false;
    const next = isNumberWord(words[at + 1] ?? '') ? words[at + 2] : words[at + 1];
    const numberedBefore = isNumberWord(words[at - 1] ?? '') && hasDigit(words[at - 2] ?? '');
    return (next !== undefined && hasDigit(next)) || numberedBefore;
  });
}

/** A road word, or "R-5"/"R 5" (the short form riders read on Dhaka's housing estates). */
const namesRoad = (words: string[]) =>
  words.some((word, at) => isRoadWord(word) || (word === 'r' && hasDigit(words[at + 1] ?? '')));

/**
 * Every word is one of the chosen area's names' words ("Uttara" of "Uttara West"), a word that only repeats
 * them ("Dhaka", "Thana") or a postcode: the address says no more than the area field does.
 */
function onlyAreaNames(words: string[], areaNames: readonly string[]): boolean {
  const nameWords = new Set(areaNames.flatMap(wordsOf));
  return words.every((word) => nameWords.has(word) || isPlaceWord(word) || /^\d{4}$/.test(word));
}

/**
 * The address's level and the parts it misses, given the names of the area chosen with it (R-ADDRESS-QUALITY):
 * the area's, its district's and the places within it, in English and Bangla; the form passes what its
 * area field says, the server every name the coverage has for the area.
 */
export function checkAddress(address: string, areaNames: readonly string[]): AddressCheck {
  const text = normalized(address);
  const words = wordsOf(address);
  const house = namesHouse(words, text);
  const road = namesRoad(words);
  const landmark = words.some(isLandmarkWord);
  const village = words.some(isVillageWord);
  const postOffice = words.some((word, at) => isPostOfficeWord(word) && (word !== 'p' || words[at + 1] === 'o'));
  const missing = ADDRESS_PARTS.filter((part) => !{ house, road: road || village, landmark }[part]);
  if (onlyAreaNames(words, areaNames)) return { level: 'bare', missing: [...ADDRESS_PARTS] };
  // A village has no house numbers: the village with its post office, a house or a landmark is found by asking.
  const good = (house && (road || landmark)) || (village && (postOffice || house || landmark));
  return { level: good ? 'good' : 'vague', missing };
}
