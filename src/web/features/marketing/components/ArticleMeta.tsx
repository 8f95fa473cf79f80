import { useFormat } from '#web/lib/use-format.ts';
import type { Article } from '../blog/articles.ts';
import { formatArticleDate } from '../blog/filter-articles.ts';

/** `article` in the page's language (`articleIn`). */
export function ArticleMeta({ article }: { article: Article }) {
  const { language } = useFormat();
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-base-content/75">
      <time dateTime={article.date}>{formatArticleDate(article.date, language)}</time>
      <span>{article.author}</span>
    </p>
  );
}
