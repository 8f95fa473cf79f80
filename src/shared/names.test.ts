import { describe, expect, it } from 'vitest';
import { nameSchema } from './auth.ts';
import { MESSAGES } from './messages.ts';
import { textField } from './text-field.ts';
import { shortenedName } from './tracking.ts';

const refusal = (name: string) => {
  const parsed = nameSchema.safeParse(name);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

describe('names as people write them (issue 39 item 10, R-TEXT)', () => {
  it('takes Bangla with its vowel signs and hasanta, emoji with joiners, and counts them as a reader does', () => {
    for (const name of ['রহিমা খাতুন', 'মোঃ আব্দুল্লাহ্‌', 'Zoë Rahman', '👨‍👩‍👧 Rahman', '😀'])
      expect(refusal(name), name).toBeUndefined();
    // 100 Bangla conjuncts are 300 code points, which zod's own length counts.
    expect(refusal('ক্ষ'.repeat(100))).toBeUndefined();
    expect(refusal('😀'.repeat(100))).toBeUndefined();
  });

  it('says a name is too long when it is, and required only when it is missing', () => {
    expect(refusal('ক্ষ'.repeat(101))).toBe(MESSAGES.nameTooLong);
    expect(refusal('a'.repeat(101))).toBe(MESSAGES.nameTooLong);
    expect(refusal('👨‍👩‍👧'.repeat(60))).toBeUndefined();
    expect(refusal('👨‍👩‍👧'.repeat(101))).toBe(MESSAGES.nameTooLong);
    expect(MESSAGES.nameTooLong).toBe('Name must be at most 100 characters');
    for (const empty of ['', '   ', '\u09cd', '\u0301', '\u200d'])
      expect(refusal(empty), JSON.stringify(empty)).toBe(MESSAGES.nameRequired);
  });

  it('refuses the direction overrides that make a text read as another (U+202E), in names and every text field', () => {
    expect(refusal('Rahima\u202Eexe.gnp')).toBe('name must not contain control characters');
    expect(textField('address').safeParse('Road 5 \u2067X\u2069').success).toBe(false);
    expect(textField('address').safeParse('বাড়ি ১২, রোড ৫').success).toBe(true);
  });
});

describe('the recipient’s name on public tracking (R-TRACKING)', () => {
  it('shows a first name and an initial, the initial with its vowel sign', () => {
    expect(shortenedName('Rahima Khatun Begum')).toBe('Rahima B.');
    expect(shortenedName('রহিমা খাতুন')).toBe('রহিমা খা.');
    // A Latin letter with a combining accent is one character too, and so is a flag of two code points.
    expect(shortenedName('Anna e\u0301mile')).toBe('Anna E\u0301.');
    expect(shortenedName('Anna \u{1F1E7}\u{1F1E9}x')).toBe('Anna \u{1F1E7}\u{1F1E9}.');
    expect(shortenedName('Rahima k')).toBe('Rahima K.');
  });

  it('cuts a one-word name of any length, and drops direction marks kept from before they were refused', () => {
    expect(shortenedName('House12Road5BlockCMirpurDhaka01711000000')).toBe('House12Road5Blo…');
    expect(shortenedName('\u202EnamhaR amihaR')).toBe('namhaR A.');
    expect(shortenedName('Rahima')).toBe('Rahima');
    expect(shortenedName('Abcdefghijklmno')).toBe('Abcdefghijklmno');
    // Twenty UTF-16 units, twelve characters as a reader counts them: shown whole.
    expect(shortenedName('রহিমারহিমারহিমারহিমা')).toBe('রহিমারহিমারহিমারহিমা');
  });
});
