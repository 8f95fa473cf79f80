import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import type { CartLine } from '#shared/cart.ts';
import { cartLineLimit, cartQuantityRefusal } from '#shared/cart-rules.ts';
import { pictureSrcSet } from '#shared/picture.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useFormat } from '#web/lib/use-format.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';

interface CartLineItemProps {
  line: CartLine;
  onQuantity: (quantity: number) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
  busy: boolean;
}

/**
 * One line of the cart (R-CART): the product now, its quantity within minimum, maximum and stock, the
 * line's total and what changed since it was added. It is bought on its page (Buy Now) or with the cart at checkout.
 */
export function CartLineItem({ line, onQuantity, onRemove, busy }: CartLineItemProps) {
  const inPageLanguage = useInPageLanguage();
  const { numberFieldType, price } = useFormat();
  const { t } = useLingui();
  const inputId = useId();
  const [text, setText] = useState(String(line.quantity));
  const [refusal, setRefusal] = useState<string>();
  const limit = cartLineLimit(line);
  // The quantity kept (after a change, or from another device) replaces whatever was typed.
  useEffect(() => setText(String(line.quantity)), [line.quantity]);

  async function apply(quantity: number) {
    setText(String(quantity));
    const refused = Number.isInteger(quantity) ? cartQuantityRefusal(quantity, line)?.message : 'quantity must be a whole number';
    setRefusal(refused);
    if (refused || quantity === line.quantity) return;
    try {
      await onQuantity(quantity);
    } catch (error) {
      setRefusal(errorMessage(error, /*i18n*/ 'The quantity could not be changed. Please try again.'));
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    apply(Number(text));
  }

  return (
    <li className="card card-side flex-col border border-base-300 bg-base-100 sm:flex-row" data-testid="cart-line">
      <figure className="bg-base-200 sm:w-40 sm:shrink-0">
        <img
          src={line.picture}
          srcSet={pictureSrcSet(line.picture)}
          sizes="160px"
          alt=""
          width={160}
          height={120}
          className="h-32 w-full object-contain p-3"
        />
      </figure>
      <div className="card-body min-w-0 gap-2 p-4">
        <h2 className="card-title text-lg">
          <Link to={`/purchase/${line.productId}`} className="link link-hover">
            {line.name}
          </Link>
        </h2>
        <p className="text-sm">
          <Trans>
            Price : {price(line.unitPrice)} · order {line.minQuantity} to {line.maxQuantity} · Available in :{' '}
            {line.availableQuantity}
          </Trans>
        </p>
        {line.problems.map((problem) => (
          <p key={problem.code} role="status" className="alert alert-warning alert-soft py-2 text-sm">
            {problem.message}
          </p>
        ))}
        <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
          <div className="join">
            <button
              type="button"
              className="btn join-item btn-sm"
              onClick={() => apply(line.quantity - 1)}
              disabled={busy || line.quantity <= line.minQuantity}
              aria-label={t`One less ${line.name}`}
            >
              −
            </button>
            <label htmlFor={inputId} className="sr-only">
              <Trans>Quantity of {line.name}</Trans>
            </label>
            <input
              id={inputId}
              type={numberFieldType}
              inputMode="numeric"
              className="input join-item input-sm w-20 text-center"
              min={line.minQuantity}
              max={Math.max(limit, line.minQuantity)}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onBlur={() => apply(Number(text))}
              aria-invalid={inPageLanguage(refusal) ? true : undefined}
              aria-describedby={inPageLanguage(refusal) ? `${inputId}-refusal` : undefined}
            />
            <button
              type="button"
              className="btn join-item btn-sm"
              onClick={() => apply(line.quantity + 1)}
              disabled={busy || line.quantity >= limit}
              aria-label={t`One more ${line.name}`}
            >
              +
            </button>
          </div>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => onRemove()} disabled={busy}>
            <Trans>
              Remove<span className="sr-only"> {line.name}</span>
            </Trans>
          </button>
          <Link to={`/purchase/${line.productId}`} className="btn btn-primary btn-sm">
            <Trans>
              Buy Now on its page<span className="sr-only">: {line.name}</span>
            </Trans>
          </Link>
        </form>
        {inPageLanguage(refusal) ? (
          <p id={`${inputId}-refusal`} role="alert" className="text-sm text-error">
            {inPageLanguage(refusal)}
          </p>
        ) : null}
        <p className="text-right font-semibold" data-testid="line-total">
          <Trans>Line total : {price(line.price)}</Trans>
        </p>
      </div>
    </li>
  );
}
