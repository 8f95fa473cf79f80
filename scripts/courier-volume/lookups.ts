// The small tables the generator's set-based SQL joins against, computed here by the app's own rules
// (areas, zones, the rate card, tracking codes), so generated parcels are what the app itself would book.
import type pg from 'pg';
import { AREAS } from '#server/modules/areas/places.ts';
import { zoneBetween } from '#server/modules/areas/zones.ts';
import { deliveryFee } from '#server/modules/rates/rate-card.ts';
import { DEFAULT_RATE_CARD } from '#server/modules/rates/rate-card-store.ts';
import { type HubId, hubServing } from '#shared/hubs.ts';
import { SERVICE_RULES, SERVICES, ZONES } from '#shared/parcel-services.ts';
import { CROCKFORD, checkCharacter, TRACKING_PREFIX, TRACKING_RANDOM_LENGTH } from '#shared/tracking-code.ts';

/** Parcel weights the generator books, in grams: most parcels are light; cargo starts at 10 kg. */
export const WEIGHT_BANDS = [300, 800, 1500, 4000, 8000, 12_000, 20_000] as const;

/** The hub that delivers to a district (src/shared/hubs.json). */
function hubOf(districtId: string): HubId {
  const hub = hubServing(districtId);
  if (!hub) throw new Error(`no hub serves district ${districtId}`);
  return hub.id;
}

/**
 * Where recipients live, as weighted slots (an area repeated by its weight, so a random slot is an
 * equi-join): Dhaka's areas 8 times, Chattogram's 3, every other area once — about half the parcels go
 * to Dhaka, as a Dhaka-centred courier's do. Where merchants pick up: Dhaka's city thanas mostly.
 */
function recipientWeight(area: (typeof AREAS)[number]): number {
  if (area.district.id === 'dhaka') return 8;
  if (area.district.id === 'chattogram') return 3;
  return 1;
}

function pickupWeight(area: (typeof AREAS)[number]): number {
  if (area.district.id === 'dhaka' && area.city) return 30;
  if (area.district.id === 'chattogram') return 8;
  return area === AREAS.find((first) => first.district.id === area.district.id) ? 1 : 0;
}

async function slots(client: pg.Client, table: string, weight: (area: (typeof AREAS)[number]) => number): Promise<number> {
  const ids = AREAS.flatMap((area) => Array.from({ length: weight(area) }, () => area.id));
  await client.query(
    `CREATE TEMP TABLE ${table} AS SELECT (ord - 1)::int AS slot, area_id FROM unnest($1::text[]) WITH ORDINALITY AS s(area_id, ord)`,
    [ids],
  );
  await client.query(`CREATE UNIQUE INDEX ON ${table} (slot)`);
  return ids.length;
}

/** The pieces of SQL the generator's statements need besides the temp tables. */
export interface Lookups {
  recipientSlots: number;
  pickupSlots: number;
}

/**
 * Temp tables `seed_areas` (area → district, hub), `seed_recipient_slots`, `seed_pickup_slots`,
 * `seed_zones` (pickup area × recipient area → zone, by zoneBetween), `seed_prices` (service, zone,
 * grams → delivery fee in poisha, by the shipped rate card) and the function `pg_temp.tracking_code(n)`.
 */
export async function createLookups(client: pg.Client): Promise<Lookups> {
  await client.query(
    `CREATE TEMP TABLE seed_areas AS
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) AS a(id, district, hub)`,
    [AREAS.map((area) => area.id), AREAS.map((area) => area.district.id), AREAS.map((area) => hubOf(area.district.id))],
  );
  await client.query('CREATE UNIQUE INDEX ON seed_areas (id)');
  const recipientSlots = await slots(client, 'seed_recipient_slots', recipientWeight);
  const pickupSlots = await slots(client, 'seed_pickup_slots', pickupWeight);

  const pickupAreas = AREAS.filter((area) => pickupWeight(area) > 0);
  const pairs = pickupAreas.flatMap((from) => AREAS.map((to) => [from.id, to.id, zoneBetween(from, to)] as const));
  await client.query(
    `CREATE TEMP TABLE seed_zones AS SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) AS z(pickup_area, recipient_area, zone)`,
    [pairs.map((pair) => pair[0]), pairs.map((pair) => pair[1]), pairs.map((pair) => pair[2])],
  );
  await client.query('CREATE UNIQUE INDEX ON seed_zones (pickup_area, recipient_area)');

  const prices = SERVICES.flatMap((service) =>
    ZONES.flatMap((zone) =>
      WEIGHT_BANDS.flatMap((grams) => {
        const rule = SERVICE_RULES[service];
        if (!rule.transit[zone] || grams < rule.minGrams || grams > rule.maxGrams) return [];
        const fee = deliveryFee(DEFAULT_RATE_CARD, service, zone, grams);
        return 'fee' in fee ? [[service, zone, grams, fee.fee] as const] : [];
      }),
    ),
  );
  await client.query(
    `CREATE TEMP TABLE seed_prices AS
       SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::int[]) AS p(service, zone, grams, fee)`,
    [prices.map((p) => p[0]), prices.map((p) => p[1]), prices.map((p) => p[2]), prices.map((p) => p[3])],
  );
  await client.query('CREATE UNIQUE INDEX ON seed_prices (service, zone, grams)');
  await client.query(trackingCodeFunction());
  return { recipientSlots, pickupSlots };
}

/**
 * `pg_temp.tracking_code(n)`: the n-th parcel's code (R-TRACKING-CODE), distinct for every n below 2^50.
 * Its ten characters are n times an odd constant modulo 2^50 (a bijection), five bits each; the check
 * character is linear in them (XOR of a value per position and character), so each position's values are
 * read off the app's own `checkCharacter` and summed in SQL with `#`.
 */
function trackingCodeFunction(): string {
  const zeros = '0'.repeat(TRACKING_RANDOM_LENGTH);
  const terms: string[] = [];
  const chars: string[] = [];
  for (let position = 0; position < TRACKING_RANDOM_LENGTH; position++) {
    const shift = 5 * (TRACKING_RANDOM_LENGTH - 1 - position);
    const digit = `((x >> ${shift}) & 31)::int`;
    const values = [...CROCKFORD].map((char) =>
      CROCKFORD.indexOf(checkCharacter(`${zeros.slice(0, position)}${char}${zeros.slice(position + 1)}`)),
    );
    terms.push(`('{${values.join(',')}}'::int[])[${digit} + 1]`);
    chars.push(`substr('${CROCKFORD}', ${digit} + 1, 1)`);
  }
  return `CREATE FUNCTION pg_temp.tracking_code(n bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT '${TRACKING_PREFIX}' || ${chars.join(' || ')} || substr('${CROCKFORD}', (${terms.join(' # ')}) + 1, 1)
    FROM (SELECT (n * 3141592653589 + 2718281828459) & 1125899906842623 AS x) AS code
  $$`;
}
