import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'react-router';
import { translated } from '#shared/translate.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { ARTICLES, articleIn, findArticle } from '../blog/articles.ts';
import { ArticleMeta } from '../components/ArticleMeta.tsx';
import { useScrollToHash } from '../use-scroll-to-hash.ts';

function BackToBlog() {
  return (
    <Link to="/blog" className="btn btn-outline btn-primary">
      <Trans>Back to the blog</Trans>
    </Link>
  );
}

/** One whole article, opened from its Read More; an unknown slug says so and leads back to the blog. */
export function BlogArticlePage() {
  const { t, i18n } = useLingui();
  const { slug } = useParams();
  const found = findArticle(slug);
  const article = found && articleIn(found, i18n);
  useDocumentTitle(article ? article.title : t`Article not found`);
  useScrollToHash();

  if (!article) {
    return (
      <div className="mx-auto flex max-w-2xl flex-col items-center gap-5 px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">
          <Trans>Article not found</Trans>
        </h1>
        <p className="text-base-content/75">
          <Trans>This article does not exist or has moved. All our articles are on the blog.</Trans>
        </p>
        <BackToBlog />
      </div>
    );
  }

  const others = ARTICLES.filter((other) => other.slug !== article.slug);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      {/* A long title wraps onto a second line instead of being cut mid-word on a phone. */}
      <nav aria-label={t`Breadcrumb`} className="breadcrumbs overflow-visible text-sm">
        <ul className="flex-wrap">
          <li>
            <Link to="/">
              <Trans>Home</Trans>
            </Link>
          </li>
          <li>
            <Link to="/blog">
              <Trans>Blog</Trans>
            </Link>
          </li>
          <li aria-current="page" className="whitespace-normal">
            {article.title}
          </li>
        </ul>
      </nav>
      <article className="mt-4">
        <h1 className="text-3xl leading-tight font-bold sm:text-4xl">{article.title}</h1>
        <div className="mt-3">
          <ArticleMeta article={article} />
        </div>
        <img
          src={article.image}
          alt={article.imageAlt}
          width={800}
          height={450}
          // The article's largest picture (LCP): fetched first.
          fetchPriority="high"
          className="mt-6 aspect-[16/9] w-full rounded-box bg-base-200 object-cover"
        />
        <div className="mt-8 flex flex-col gap-5 text-lg leading-relaxed text-base-content/90">
          {article.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
        </div>
      </article>
      <aside aria-labelledby="more-articles" className="mt-14 border-t border-base-300 pt-8">
        <h2 id="more-articles" className="text-xl font-bold">
          <Trans>More from our blog</Trans>
        </h2>
        <ul className="mt-4 flex flex-col gap-3">
          {others.map((other) => (
            <li key={other.slug}>
              <Link to={`/blog/${other.slug}`} className="link link-primary">
                {translated(i18n, other.title)}
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-8">
          <BackToBlog />
        </div>
      </aside>
    </div>
  );
}
