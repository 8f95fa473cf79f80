import { type Article, articleText } from './articles.ts';

/** The archive groups articles by "YYYY-MM". */
export function monthOf(article: Article): string {
  return article.date.slice(0, 7);
}

const MONTH_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const DAY_FORMAT = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function formatMonth(month: string): string {
  return MONTH_FORMAT.format(new Date(`${month}-01T00:00:00Z`));
}

export function formatArticleDate(date: string): string {
  return DAY_FORMAT.format(new Date(`${date}T00:00:00Z`));
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
