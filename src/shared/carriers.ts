import { trackingPath } from './consignment.ts';

/**
 * Carriers whose tracking pages the shop knows (issue 26): a tracking number given with one of these
 * names links to the carrier's page; with any other carrier the number is shown as it is.
 */
const TRACKING_PAGES: Record<string, (trackingNumber: string) => string> = {
  dhl: (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`,
  ups: (n) => `https://www.ups.com/track?tracknum=${n}`,
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  usps: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
};

/** The carrier's page for this parcel, or undefined when the shop does not know the carrier's pattern. */
export function trackingPageOf(carrier: string, trackingNumber: string): string | undefined {
  const page = TRACKING_PAGES[carrier.trim().toLowerCase()];
  return page ? page(encodeURIComponent(trackingNumber.trim())) : undefined;
}

/** The carrier orders shipped through the shop's own network carry (issue 29); their tracking number is the parcel's code. */
export const OWN_CARRIER = 'SwiftCargo';

/** The shop's own tracking page for an order shipped through its network; undefined for another carrier. */
export function ownTrackingPath(carrier: string, trackingNumber: string): string | undefined {
  return carrier.trim().toLowerCase() === OWN_CARRIER.toLowerCase() ? trackingPath(trackingNumber.trim()) : undefined;
}
