import { Trans } from '@lingui/react/macro';
import type { BulkBooking } from '#shared/bulk-booking.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';

/**
 * After a file is booked (issue 44, R-ADDRESS-QUALITY, decision 170): each line whose recipient's address a
 * rider may not find, with what is wrong with it. Booked all the same: a hint, never a refusal.
 */
export function VagueAddressLines({ lines }: { lines: NonNullable<BulkBooking['vagueAddresses']> }) {
  const { count } = useParcelFormat();
  if (lines.length === 0) return null;
  return (
    <div className="alert alert-warning alert-soft flex flex-col items-start gap-2" data-testid="vague-addresses">
      <p>
        <Trans>
          These addresses may be hard for the rider to find. Add a house or holding number and a road, block or landmark, or call
          the recipient first:
        </Trans>
      </p>
      <ul className="list-disc ps-5">
        {lines.map(({ line, trackingCode, addressQuality }) => (
          <li key={trackingCode}>
            {addressQuality === 'bare' ? (
              <Trans>
                Line {count(line)} ({trackingCode}): only the area’s name
              </Trans>
            ) : (
              <Trans>
                Line {count(line)} ({trackingCode}): vague address
              </Trans>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
