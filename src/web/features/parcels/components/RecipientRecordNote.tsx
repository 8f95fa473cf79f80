import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { errorMessage } from '#web/lib/api-client.ts';
import { useFormat } from '#web/lib/use-format.ts';
import { useRecipientRecord } from '../api/use-recipient-record.ts';

/**
 * Beside the recipient's number, for an approved merchant (issue 44, R-RECIPIENT-RECORD, decision 168): how
 * parcels to it ended across the network over the last 12 months, counts only, so a merchant can call
 * before booking a cash parcel to a number that often sends them back.
 */
export function RecipientRecordNote({ phone }: { phone: string }) {
  const { t } = useLingui();
  const { count } = useFormat();
  const record = useRecipientRecord(true, phone);
  let content: ReactNode = null;
  if (record.isLoading) content = <Trans>Looking up this number’s delivery record…</Trans>;
  else if (record.isError)
    content = (
      <span className="text-error">{errorMessage(record.error, t`This number’s delivery record could not be read.`)}</span>
    );
  else if (record.data?.hidden) content = <Trans>This number’s delivery record is hidden at its owner’s request.</Trans>;
  else if (record.data && record.data.parcels === 0) content = <Trans>No parcels to this number in the last 12 months.</Trans>;
  else if (record.data) {
    const { parcels, delivered, partlyDelivered, returned, refused, cancelled, deliveredPercent } = record.data;
    content =
      deliveredPercent === null ? (
        <Trans>
          {count(parcels)} parcels to this number in the last 12 months, none ended yet: {count(cancelled)} cancelled, the rest on
          their way.
        </Trans>
      ) : (
        <Trans>
          <span className="font-semibold">{count(deliveredPercent)}% delivered</span> of the {count(parcels)} parcels to this
          number in the last 12 months, by every sender: {count(delivered)} delivered, {count(partlyDelivered)} partly delivered,{' '}
          {count(returned)} returned ({count(refused)} refused at the door), {count(cancelled)} cancelled.
        </Trans>
      );
  }
  return (
    <p className="min-h-5 text-sm sm:col-span-2" aria-live="polite" data-testid="recipient-record">
      {content}
    </p>
  );
}
