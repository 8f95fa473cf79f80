/**
 * The company's sorting hubs (R-PARCEL-STATUS): one in each division's city, Dhaka's the central one.
 * The company's own facts, not public data: a new hub is a line here. Names in English and Bangla, as
 * the tracking page shows them.
 */
export const HUBS = [
  { id: 'dhaka', name: 'Dhaka hub (Tejgaon)', nameBn: 'ঢাকা হাব (তেজগাঁও)' },
  { id: 'chattogram', name: 'Chattogram hub', nameBn: 'চট্টগ্রাম হাব' },
  { id: 'rajshahi', name: 'Rajshahi hub', nameBn: 'রাজশাহী হাব' },
  { id: 'khulna', name: 'Khulna hub', nameBn: 'খুলনা হাব' },
  { id: 'barishal', name: 'Barishal hub', nameBn: 'বরিশাল হাব' },
  { id: 'sylhet', name: 'Sylhet hub', nameBn: 'সিলেট হাব' },
  { id: 'rangpur', name: 'Rangpur hub', nameBn: 'রংপুর হাব' },
  { id: 'mymensingh', name: 'Mymensingh hub', nameBn: 'ময়মনসিংহ হাব' },
] as const;

export type HubId = (typeof HUBS)[number]['id'];
export const HUB_IDS = HUBS.map((hub) => hub.id) as [HubId, ...HubId[]];

export const findHub = (id: string) => HUBS.find((hub) => hub.id === id);

export const hubName = (hub: { name: string; nameBn: string }, language: string): string =>
  language === 'bn' ? hub.nameBn : hub.name;
