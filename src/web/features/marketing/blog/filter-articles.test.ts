import { describe, expect, it } from 'vitest';
import { truncateWithEllipsis } from '#shared/text.ts';
import { DISPLAY_LIMITS } from '#web/lib/ui-settings.ts';
import { ARTICLES, articleText } from './articles.ts';
import { archiveMonths, filterArticles, formatArticleDate, formatMonth } from './filter-articles.ts';

const titles = (articles: { title: string }[]) => articles.map((article) => article.title);

describe('the blog articles', () => {
  it('are four, with unique slugs, and each is long enough for a 160-character excerpt', () => {
    expect(ARTICLES).toHaveLength(4);
    expect(new Set(ARTICLES.map((article) => article.slug)).size).toBe(4);
    for (const article of ARTICLES) {
      const excerpt = truncateWithEllipsis(articleText(article), DISPLAY_LIMITS.blogExcerptLength);
      expect(excerpt).toHaveLength(DISPLAY_LIMITS.blogExcerptLength + 3);
      expect(excerpt.endsWith('...')).toBe(true);
    }
  });
});

describe('filterArticles', () => {
  it('keeps every article when nothing is asked', () => {
    expect(filterArticles(ARTICLES, { query: '', month: '' })).toEqual(ARTICLES);
    expect(filterArticles(ARTICLES, { query: '   ', month: '' })).toEqual(ARTICLES);
  });

  it('matches words of the title, in any case', () => {
    expect(titles(filterArticles(ARTICLES, { query: 'CASH on', month: '' }))).toEqual([
      'Cash on delivery: where your money goes and when it arrives',
    ]);
  });

  it('matches words of the text that are not in the title', () => {
    expect(titles(filterArticles(ARTICLES, { query: 'bubble wrap', month: '' }))).toEqual([
      'How to pack electronics so they arrive in one piece',
    ]);
  });

  it('needs every word to appear somewhere', () => {
    expect(filterArticles(ARTICLES, { query: 'scooter bubble', month: '' })).toEqual([]);
    expect(filterArticles(ARTICLES, { query: 'zeppelin', month: '' })).toEqual([]);
  });

  it('keeps only the chosen month, and combines with the search', () => {
    expect(titles(filterArticles(ARTICLES, { query: '', month: '2026-09' }))).toEqual([
      'Cash on delivery: where your money goes and when it arrives',
      'Road, air or ocean: choosing the right freight for your goods',
    ]);
    expect(titles(filterArticles(ARTICLES, { query: 'ocean', month: '2026-09' }))).toEqual([
      'Road, air or ocean: choosing the right freight for your goods',
    ]);
    expect(filterArticles(ARTICLES, { query: 'ocean', month: '2026-08' })).toEqual([]);
  });
});

describe('the archive', () => {
  it('lists each month with an article once, newest first', () => {
    expect(archiveMonths(ARTICLES)).toEqual(['2026-10', '2026-09', '2026-08']);
  });

  it('names months and dates the same in every time zone', () => {
    expect(formatMonth('2026-09')).toBe('September 2026');
    expect(formatArticleDate('2026-08-14')).toBe('August 14, 2026');
  });
});
