import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { Category } from '#shared/category.ts';
import { truncateWithEllipsis } from '#shared/text.ts';
import { DISPLAY_LIMITS } from '#web/lib/ui-settings.ts';

/**
 * Where the product sits: the catalogue, the catalogue filtered to its category (the address the
 * catalogue's own filter writes, R-CATALOGUE), the product. Spelled here rather than with
 * catalogueSearch, which would bring zod to the product page (R-BUDGETS).
 */
export function ProductBreadcrumbs({ name, category }: { name: string; category: Category | undefined }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Breadcrumb`} className="breadcrumbs text-sm">
      <ul>
        <li>
          <Link to="/products">
            <Trans>Products</Trans>
          </Link>
        </li>
        {category ? (
          <li>
            <Link to={`/products?category=${encodeURIComponent(category._id)}`}>{category.name}</Link>
          </li>
        ) : null}
        {/* On a phone the name gives way (the heading below says it whole) rather than scroll. */}
        <li className="min-w-0">
          <span aria-current="page" title={name} className="block truncate">
            {truncateWithEllipsis(name, DISPLAY_LIMITS.nameLength)}
          </span>
        </li>
      </ul>
    </nav>
  );
}
