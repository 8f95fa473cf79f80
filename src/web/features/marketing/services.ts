import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { IconName } from './components/Icon.tsx';

export interface Service {
  title: MessageDescriptor;
  icon: IconName;
  summary: MessageDescriptor;
  details: MessageDescriptor;
  /** Where the card leads to buy it: the freight request form or the parcels' prices (issue 28). */
  buy: string;
}

/** The freight services of R-HOME, in that order; the home cards and the about page list them. */
export const SERVICES: readonly Service[] = [
  {
    title: msg`Road Freight`,
    buy: '/freight?mode=road',
    icon: 'truck',
    summary: msg`Full and part truckloads between all 64 districts, with covered trucks and trained drivers.`,
    details: msg`Book a whole truck or share one: part loads leave daily from our hubs. Drivers scan at every stop, so you see where your goods are at any time.`,
  },
  {
    title: msg`Air Freight`,
    buy: '/freight?mode=air',
    icon: 'plane',
    summary: msg`Urgent and high-value cargo on domestic and international flights.`,
    details: msg`We handle the airline booking, security screening and customs papers, then collect from the arrival airport and deliver to the door.`,
  },
  {
    title: msg`Ocean Freight`,
    buy: '/freight?mode=ocean',
    icon: 'ship',
    summary: msg`Full container and shared container loads through Chattogram and Mongla ports.`,
    details: msg`Import or export by sea with one contact person: booking, port handling, customs clearance and the road trip inland are all arranged by us.`,
  },
  {
    title: msg`Warehousing`,
    buy: '/freight?mode=warehousing',
    icon: 'warehouse',
    summary: msg`Secure, racked storage with stock counts you can check online.`,
    details: msg`Store by the pallet or by the shelf, for a week or a year. We receive, count and store your stock, then pick and pack orders the day they arrive.`,
  },
  {
    title: msg`Same Day Delivery`,
    buy: '/ship',
    icon: 'bolt',
    summary: msg`Order by noon, delivered the same evening inside the city.`,
    details: msg`A courier picks up within two hours of your booking and delivers before 21:00. Ideal for documents, spare parts and last-minute gifts.`,
  },
  {
    title: msg`Packaging and Storage`,
    buy: '/freight?mode=warehousing',
    icon: 'box',
    summary: msg`Boxes, bubble wrap and crates sized to your goods, packed by our team.`,
    details: msg`Send us the item unpacked: we measure it, pack it to survive the trip and keep it safe in storage until the delivery date you choose.`,
  },
  {
    title: msg`Time Bound Deliveries`,
    buy: '/ship',
    icon: 'calendar',
    summary: msg`Deliveries on a fixed date and time window, guaranteed.`,
    details: msg`For launches, events and tenders that cannot wait. If we miss the agreed window, the delivery charge is refunded in full.`,
  },
  {
    title: msg`Multi-modal Transport`,
    buy: '/freight?mode=road',
    icon: 'route',
    summary: msg`Road, rail, air and sea combined into one booking and one price.`,
    details: msg`We plan the fastest or cheapest mix of transport for long or cross-border trips and hand your goods over between carriers ourselves.`,
  },
];
