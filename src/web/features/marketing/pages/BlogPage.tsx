import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { truncateWithEllipsis } from '#shared/text.ts';
import { DISPLAY_LIMITS } from '#web/lib/ui-settings.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useFormat } from '#web/lib/use-format.ts';
import { ARTICLES, type Article, articleIn, articleText } from '../blog/articles.ts';
import { archiveMonths, filterArticles, formatMonth } from '../blog/filter-articles.ts';
import { ArticleMeta } from '../components/ArticleMeta.tsx';
import { useScrollToHash } from '../use-scroll-to-hash.ts';

const MONTHS = archiveMonths(ARTICLES);

function ArticleCard({ article, eager }: { article: Article; eager: boolean }) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="card overflow-hidden border border-base-300 bg-base-100 shadow-sm"
      data-testid="blog-article"
    >
      <figure className="aspect-[16/9] bg-base-200">
        <img
          src={article.image}
          alt={article.imageAlt}
          width={800}
          height={450}
          loading={eager ? 'eager' : 'lazy'}
          className="h-full w-full object-cover"
        />
      </figure>
      <div className="card-body gap-3">
        <ArticleMeta article={article} />
        <h2 id={titleId} className="card-title text-xl sm:text-2xl">
          {article.title}
        </h2>
        <p className="text-base-content/85" data-testid="blog-excerpt">
          {truncateWithEllipsis(articleText(article), DISPLAY_LIMITS.blogExcerptLength)}
        </p>
        <div className="card-actions mt-2 items-center justify-between">
          <span className="flex items-center gap-2 text-sm text-base-content/75">
            <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
              <path strokeLinecap="round" strokeLinejoin="round" d="M4 5h16v11H8l-4 4z" />
            </svg>
            <Trans>Leave a comment</Trans>
          </span>
          <Link to={`/blog/${article.slug}`} className="btn btn-primary btn-sm">
            <Trans>
              Read More<span className="sr-only">: {article.title}</span>
            </Trans>
          </Link>
        </div>
      </div>
    </article>
  );
}

/** The blog (R-BLOG): four articles as excerpts, a search that filters as you type and an archive by month. */
export function BlogPage() {
  const { t, i18n } = useLingui();
  const { language } = useFormat();
  useDocumentTitle(t`Blog`);
  useScrollToHash();
  const searchId = useId();
  const monthId = useId();
  const [query, setQuery] = useState('');
  const [month, setMonth] = useState('');
  // Searched in the page's language: a Bangla reader types Bangla words.
  const articles = useMemo(() => ARTICLES.map((article) => articleIn(article, i18n)), [i18n]);
  const shown = useMemo(() => filterArticles(articles, { query, month }), [articles, query, month]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:py-14">
      <header className="max-w-2xl">
        <p className="text-sm font-semibold tracking-[0.2em] text-secondary uppercase">
          <Trans>Our blog</Trans>
        </p>
        <h1 className="mt-2 text-3xl font-bold sm:text-4xl">
          <Trans>Freight and delivery, explained</Trans>
        </h1>
        <p className="mt-3 text-base-content/75">
          <Trans>Practical advice from our drivers, packers and merchant team.</Trans>
        </p>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_18rem]">
        <aside aria-label={t`Find an article`} className="flex flex-col gap-6 lg:order-last">
          <search className="flex flex-col gap-2">
            <label htmlFor={searchId} className="font-semibold">
              <Trans>Search articles</Trans>
            </label>
            <input
              id={searchId}
              type="search"
              className="input w-full"
              placeholder={t`Search by title or text`}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </search>
          <div className="flex flex-col gap-2">
            <label htmlFor={monthId} className="font-semibold">
              <Trans>Archive</Trans>
            </label>
            <select id={monthId} className="select w-full" value={month} onChange={(event) => setMonth(event.target.value)}>
              <option value="">
                <Trans>All months</Trans>
              </option>
              {MONTHS.map((value) => (
                <option key={value} value={value}>
                  {formatMonth(value, language)}
                </option>
              ))}
            </select>
          </div>
        </aside>
        <section aria-label={t`Articles`}>
          <p className="sr-only" role="status">
            <Plural value={shown.length} one="# article shown" other="# articles shown" />
          </p>
          {shown.length === 0 ? (
            <p className="rounded-box bg-base-200 p-6 text-base-content/80">
              <Trans>No article matches your search. Try other words or choose All months.</Trans>
            </p>
          ) : (
            <div className="grid gap-8 md:grid-cols-2">
              {shown.map((article, index) => (
                <ArticleCard key={article.slug} article={article} eager={index < 2} />
              ))}
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
