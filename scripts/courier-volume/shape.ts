// How big the generated courier is: the parcels asked for, and everything else in proportion (decision 0114).

export interface VolumeOptions {
  parcels: number;
  days: number;
  heavyMerchantLines: number;
  /** Left out: one per 500 parcels, 10 to 2,000. */
  merchants?: number;
  /** The generator's "now": parcels are booked over the `days` before it. */
  now: Date;
}

export interface VolumeShape extends VolumeOptions {
  merchants: number;
  pendingMerchants: number;
  refusedMerchants: number;
  customers: number;
  riders: number;
  /** The window's ends as SQL literals. */
  sql: { now: string; start: string };
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, Math.round(value)));

/**
 * At a million parcels, the courier: 2,000 merchants, 50,000 customers and ~330 riders (a rider
 * takes ~35 parcels a day); a thousand parcels keep the shape with at least 10 merchants and 16 riders
 * (two per hub).
 */
export function volumeShape(options: VolumeOptions): VolumeShape {
  const start = new Date(options.now.getTime() - options.days * 86_400_000);
  const merchants = options.merchants ?? clamp(options.parcels / 500, 10, 2000);
  return {
    ...options,
    merchants,
    pendingMerchants: Math.ceil(merchants / 100),
    refusedMerchants: Math.ceil(merchants / 200),
    customers: clamp(options.parcels / 20, 100, 50_000),
    riders: clamp(options.parcels / 3000, 16, 400),
    sql: { now: `'${options.now.toISOString()}'::timestamptz`, start: `'${start.toISOString()}'::timestamptz` },
  };
}
