import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { formatDateTime } from '#shared/locale-format.ts';
import type { Payout } from '#shared/merchant.ts';
import { TableRegion } from '#web/components/TableRegion.tsx';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { payoutAccountText } from './payout-account.ts';

interface PayoutTableProps {
  payouts: Payout[];
  action: (payout: Payout) => ReactNode;
  /** Shows the next page of older payouts; absent when none is left (issue 40). */
  older?: () => void;
  loadingOlder?: boolean;
  /** False on a merchant's own page: every row is theirs, and the column pushed its statements out of a 1280 px screen. */
  merchantColumn?: boolean;
}

/**
 * Payouts, newest first, with what each row lets its reader do (download a statement, mark it paid):
 * where each is paid, and when it was (issue 42).
 */
export function PayoutTable({ payouts, action, older, loadingOlder, merchantColumn = true }: PayoutTableProps) {
  const { t, i18n } = useLingui();
  const { taka, count, language } = useParcelFormat();
  if (payouts.length === 0)
    return (
      <p className="rounded-box bg-base-200 p-6 text-center">
        <Trans>No payouts yet: they are made every Tuesday from the balance owed.</Trans>
      </p>
    );
  return (
    <TableRegion label={t`Payouts`}>
      <table className="table">
        <thead>
          <tr>
            <th>{t`Payout`}</th>
            {merchantColumn ? <th>{t`Merchant`}</th> : null}
            <th>{t`Paid to`}</th>
            <th className="text-end">{t`Amount`}</th>
            <th className="text-end">{t`Lines`}</th>
            <th>{t`Paid`}</th>
            <th>
              <span className="sr-only">{t`Actions`}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {payouts.map((payout) => (
            <tr key={payout.id} data-testid="payout">
              <td className="font-mono whitespace-nowrap">{payout.number}</td>
              {merchantColumn ? <td>{payout.merchant.businessName}</td> : null}
              <td data-testid="payout-account">{payoutAccountText(payout.account, i18n)}</td>
              <td className="text-end">{taka(payout.amount)}</td>
              <td className="text-end">{count(payout.lines)}</td>
              <td>
                {payout.paidAt ? (
                  <>
                    <span className="block whitespace-nowrap" data-testid="payout-paid-at">
                      {formatDateTime(new Date(payout.paidAt), language)}
                    </span>
                    <span className="block font-mono text-sm">{payout.reference}</span>
                  </>
                ) : payout.failedAt ? (
                  // The portal refused it (R-PAYOUT-FILES): its amount is owed again and the next run pays it.
                  <span className="block text-sm text-error">
                    {t`Failed, back in the balance`}: {payout.failureReason}
                  </span>
                ) : (
                  t`Not yet`
                )}
              </td>
              <td>{action(payout)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {older ? (
        <button type="button" className="btn btn-ghost btn-sm m-2" onClick={older} disabled={loadingOlder}>
          <Trans>Show older payouts</Trans>
        </button>
      ) : null}
    </TableRegion>
  );
}
