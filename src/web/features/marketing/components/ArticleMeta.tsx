import type { Article } from '../blog/articles.ts';
import { formatArticleDate } from '../blog/filter-articles.ts';

export function ArticleMeta({ article }: { article: Article }) {
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-base-content/75">
      <time dateTime={article.date}>{formatArticleDate(article.date)}</time>
      <span>{article.author}</span>
    </p>
  );
}
