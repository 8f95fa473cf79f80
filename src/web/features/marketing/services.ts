import type { IconName } from './components/Icon.tsx';

export interface Service {
  title: string;
  icon: IconName;
  summary: string;
  details: string;
}

/** The freight services of R-HOME, in that order; the home cards and the about page list them. */
export const SERVICES: readonly Service[] = [
  {
    title: 'Road Freight',
    icon: 'truck',
    summary: 'Full and part truckloads between all 64 districts, with covered trucks and trained drivers.',
    details:
      'Book a whole truck or share one: part loads leave daily from our hubs. Drivers scan at every stop, so you see where your goods are at any time.',
  },
  {
    title: 'Air Freight',
    icon: 'plane',
    summary: 'Urgent and high-value cargo on domestic and international flights.',
    details:
      'We handle the airline booking, security screening and customs papers, then collect from the arrival airport and deliver to the door.',
  },
  {
    title: 'Ocean Freight',
    icon: 'ship',
    summary: 'Full container and shared container loads through Chattogram and Mongla ports.',
    details:
      'Import or export by sea with one contact person: booking, port handling, customs clearance and the road trip inland are all arranged by us.',
  },
  {
    title: 'Warehousing',
    icon: 'warehouse',
    summary: 'Secure, racked storage with stock counts you can check online.',
    details:
      'Store by the pallet or by the shelf, for a week or a year. We receive, count and store your stock, then pick and pack orders the day they arrive.',
  },
  {
    title: 'Same Day Delivery',
    icon: 'bolt',
    summary: 'Order by noon, delivered the same evening inside the city.',
    details:
      'A courier picks up within two hours of your booking and delivers before 21:00. Ideal for documents, spare parts and last-minute gifts.',
  },
  {
    title: 'Packaging and Storage',
    icon: 'box',
    summary: 'Boxes, bubble wrap and crates sized to your goods, packed by our team.',
    details:
      'Send us the item unpacked: we measure it, pack it to survive the trip and keep it safe in storage until the delivery date you choose.',
  },
  {
    title: 'Time Bound Deliveries',
    icon: 'calendar',
    summary: 'Deliveries on a fixed date and time window, guaranteed.',
    details:
      'For launches, events and tenders that cannot wait. If we miss the agreed window, the delivery charge is refunded in full.',
  },
  {
    title: 'Multi-modal Transport',
    icon: 'route',
    summary: 'Road, rail, air and sea combined into one booking and one price.',
    details:
      'We plan the fastest or cheapest mix of transport for long or cross-border trips and hand your goods over between carriers ourselves.',
  },
];
