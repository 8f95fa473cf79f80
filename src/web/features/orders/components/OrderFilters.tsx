import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useRef } from 'react';
import { ADMIN_ORDERS_LIMITS, type AdminOrdersFilter } from '#shared/admin-orders.ts';
import { ORDER_STATUSES, type OrderStatus } from '#shared/order-status.ts';
import { SearchField } from '#web/components/SearchField.tsx';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { ORDER_STATUS_LABELS } from './OrderProgress.tsx';

/**
 * Manage Orders' search box (order number or email) and status (R-ORDERS-ADMIN). The fields start from
 * the address and the page draws the form anew when the address changes by other means
 * (useFilterAddress), so the back button restores them. Typing waits for Search or Enter; the status
 * applies at once.
 */
export function OrderFilters({ filter, onChange }: { filter: AdminOrdersFilter; onChange: (filter: AdminOrdersFilter) => void }) {
  const inPageLanguage = useInPageLanguage();
  const { t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    if (!form.current) return;
    const data = new FormData(form.current);
    onChange({
      q: String(data.get('q') ?? '').trim() || undefined,
      status: (String(data.get('status') ?? '') || undefined) as OrderStatus | undefined,
    });
  };

  return (
    <search aria-label={t`Orders`}>
      <form
        ref={form}
        onSubmit={apply}
        className="mt-4 grid gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-[1fr_auto] sm:items-end"
      >
        <div className="flex flex-col gap-1 text-sm font-medium">
          <SearchField
            id="orders-q"
            label={t`Order number or customer email`}
            labelShown
            defaultValue={filter.q ?? ''}
            maxLength={ADMIN_ORDERS_LIMITS.searchMaxLength}
            placeholder={t`SC-100042 or email`}
          />
        </div>
        <label className="flex flex-col gap-1 text-sm font-medium">
          <Trans>Status</Trans>
          <select
            name="status"
            defaultValue={filter.status ?? ''}
            onChange={() => form.current?.requestSubmit()}
            className="select w-full sm:w-44"
          >
            <option value="">
              <Trans>All statuses</Trans>
            </option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {inPageLanguage(ORDER_STATUS_LABELS[status])}
              </option>
            ))}
          </select>
        </label>
      </form>
    </search>
  );
}
