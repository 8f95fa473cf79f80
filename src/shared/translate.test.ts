import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { englishText, translated } from './translate.ts';

const bangla = setupI18n({
  locale: 'bn',
  messages: {
    bn: {
      'Email is required': 'ইমেইল দিতে হবে',
      'No user has the email {email}.': '{email} ইমেইলে কোনো ব্যবহারকারী নেই।',
      'please add {min}+ products': 'অন্তত {min}টি পণ্য যোগ করুন',
      '{field} is required': '{field} দিতে হবে',
      Name: 'নাম',
      'Too many {what}. Please wait {wait} and try again.': '{what} অনেক বেশি হয়ে গেছে। {wait} অপেক্ষা করে আবার চেষ্টা করুন।',
      'sign-in attempts': 'লগ ইনের চেষ্টা',
      '{amount} seconds': '{amount} সেকেন্ড',
    },
  },
});
bangla.setMessagesCompiler(compileMessage);

describe('the code’s English put in the reader’s language (decision 61)', () => {
  it('fills a template’s values in English', () => {
    expect(englishText('No user has the email {email}.', { email: 'a@b.example' })).toBe('No user has the email a@b.example.');
    expect(englishText('please add {min}+ products', { min: 3 })).toBe('please add 3+ products');
  });

  it('finds a fixed text and a filled template again, values and numbers in Bangla', () => {
    expect(translated(bangla, 'Email is required')).toBe('ইমেইল দিতে হবে');
    expect(translated(bangla, 'No user has the email a@b.example.')).toBe('a@b.example ইমেইলে কোনো ব্যবহারকারী নেই।');
    expect(translated(bangla, 'please add 12+ products')).toBe('অন্তত ১২টি পণ্য যোগ করুন');
    // A value that is itself a message is put in Bangla too.
    expect(translated(bangla, 'Name is required')).toBe('নাম দিতে হবে');
    expect(translated(bangla, 'Too many sign-in attempts. Please wait 40 seconds and try again.')).toBe(
      'লগ ইনের চেষ্টা অনেক বেশি হয়ে গেছে। ৪০ সেকেন্ড অপেক্ষা করে আবার চেষ্টা করুন।',
    );
  });

  it('keeps a number’s leading zero, as in a delivery code, and writes its digits in the reader’s', () => {
    const english = setupI18n({
      locale: 'en',
      messages: { en: { 'Give the rider the code {code}.': 'Give the rider the code {code}.' } },
    });
    english.setMessagesCompiler(compileMessage);
    expect(translated(english, 'Give the rider the code 012345.')).toBe('Give the rider the code 012345.');
    expect(translated(bangla, 'please add 0150+ products')).toBe('অন্তত ০১৫০টি পণ্য যোগ করুন');
  });

  it('leaves a text the catalogue does not know as it is', () => {
    expect(translated(bangla, 'Something only the server said')).toBe('Something only the server said');
    expect(translated(bangla, 'ইতিমধ্যে বাংলায়')).toBe('ইতিমধ্যে বাংলায়');
  });

  it('answers a text found before from what it found, each catalogue its own (issue 40)', () => {
    const english = setupI18n({ locale: 'en', messages: { en: { 'please add {min}+ products': 'please add {min}+ products' } } });
    english.setMessagesCompiler(compileMessage);
    for (let time = 0; time < 3; time += 1) {
      expect(translated(bangla, 'please add 7+ products')).toBe('অন্তত ৭টি পণ্য যোগ করুন');
      expect(translated(english, 'please add 7+ products')).toBe('please add 7+ products');
    }
  });
});
