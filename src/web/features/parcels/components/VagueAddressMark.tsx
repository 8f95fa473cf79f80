import { Trans } from '@lingui/react/macro';
import type { AddressQuality } from '#shared/address-quality.ts';

/**
 * On a parcel's page and a rider's run (issue 44, R-ADDRESS-QUALITY, decision 170): an address kept as
 * vague or only the area's name is marked, so the rider calls the recipient before setting out.
 */
export function VagueAddressMark({ quality }: { quality: AddressQuality | undefined }) {
  if (quality !== 'vague' && quality !== 'bare') return null;
  return (
    <p className="badge badge-warning badge-soft h-auto py-1" data-testid="vague-address">
      {quality === 'bare' ? <Trans>Only the area’s name: call first</Trans> : <Trans>Vague address: call first</Trans>}
    </p>
  );
}
