import type { Locale } from '#shared/locale.ts';
import { formatCalendarDate } from '#shared/locale-format.ts';
import { type Article, articleText } from './articles.ts';

/** The archive groups articles by "YYYY-MM". */
export function monthOf(article: Article): string {
  return article.date.slice(0, 7);
}

/** "September 2026", "সেপ্টেম্বর ২০২৬". */
export function formatMonth(month: string, language: Locale = 'en'): string {
  return formatCalendarDate(month, language);
}

/** "August 14, 2026", "১৪ আগস্ট, ২০২৬". */
export function formatArticleDate(date: string, language: Locale = 'en'): string {
  return formatCalendarDate(date, language);
}

/** The archive select's months: each month that has an article, newest first. */
export function archiveMonths(articles: readonly Article[]): string[] {
  return [...new Set(articles.map(monthOf))].sort().reverse();
}

export interface ArticleFilter {
  /** What the visitor typed: every word must appear in the title or the text, in any case. */
  query: string;
  /** "YYYY-MM", or "" for every month. */
  month: string;
}

export function filterArticles(articles: readonly Article[], { query, month }: ArticleFilter): Article[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return articles.filter((article) => {
    if (month && monthOf(article) !== month) return false;
    const haystack = `${article.title} ${articleText(article)}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
