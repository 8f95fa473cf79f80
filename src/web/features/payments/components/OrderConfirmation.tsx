import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '#shared/messages.ts';
import type { Order } from '#shared/order.ts';
import { useFormat } from '#web/lib/use-format.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { PaymentOutcome } from './PaymentOutcome.tsx';

/**
 * The page a paid order lands on (R-ORDER-CONFIRMATION): the spec's success texts and transaction id
 * (R-PAYMENT) first, then the order's number, lines, total, where it goes and what happens next. It
 * takes the focus, so a screen reader hears it and a phone shows its top.
 */
export function OrderConfirmation({ order, transactionId }: { order: Order; transactionId: string }) {
  const inPageLanguage = useInPageLanguage();
  const { price } = useFormat();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: 'start' });
  }, []);
  const address = order.shippingAddress;
  return (
    <section className="max-w-2xl space-y-4" aria-labelledby="confirmation-heading" data-testid="order-confirmation">
      <div className="card border border-success/40 bg-base-100 shadow-sm">
        <div className="card-body gap-4 p-4 sm:p-6">
          {/* scroll-mt: clear of the sticky navbar when scrolled to. */}
          <h2 id="confirmation-heading" ref={heading} tabIndex={-1} className="scroll-mt-24 text-2xl font-bold outline-none">
            {inPageLanguage(MESSAGES.orderConfirmed(order.number))}
          </h2>
          <PaymentOutcome transactionId={transactionId} />
          <table className="table table-sm">
            <caption className="sr-only">
              <Trans>What order {order.number} holds</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Product</Trans>
                </th>
                <th scope="col" className="text-right">
                  <Trans>Price</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line, position) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a deleted product's line has no id, and lines never move within an order.
                <tr key={position} data-testid="confirmation-line">
                  <td className="break-words">
                    {line.quantity} × {line.name}
                  </td>
                  <td className="whitespace-nowrap text-right">{price(line.price)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">
                  <Trans>Total</Trans>
                </th>
                <td className="whitespace-nowrap text-right font-semibold" data-testid="confirmation-total">
                  {price(order.price)}
                </td>
              </tr>
            </tfoot>
          </table>
          <div>
            <h3 className="font-semibold">
              <Trans>Delivery to</Trans>
            </h3>
            {address ? (
              <address className="not-italic">
                {address.name}
                <br />
                <span className="break-words">{address.address}</span>
                <br />
                {address.phone}
              </address>
            ) : (
              <p>
                <Trans>No delivery address yet</Trans>
              </p>
            )}
          </div>
          <div>
            <h3 className="font-semibold">
              <Trans>What happens next</Trans>
            </h3>
            <p>{inPageLanguage(MESSAGES.orderNextSteps)}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Link to="/dashboard/orders" className="btn btn-primary">
              <Trans>My Orders</Trans>
            </Link>
            <Link to="/products" className="btn btn-outline">
              <Trans>Continue shopping</Trans>
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
