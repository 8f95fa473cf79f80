import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';

export function ProductNotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="product-not-found">
      <h1 id="product-not-found" className="text-3xl font-bold text-primary">
        <Trans>Product not found</Trans>
      </h1>
      <p className="mt-4 text-base-content/80">
        <Trans>
          This product is not in our catalogue any more, or the link is wrong. Have a look at what we have in stock instead.
        </Trans>
      </p>
      <Link to="/" className="btn btn-primary mt-8">
        <Trans>Back to Home</Trans>
      </Link>
    </section>
  );
}
