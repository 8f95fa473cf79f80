import hubs from './hubs.json' with { type: 'json' };

/**
 * The company's sorting hubs (R-PARCEL-STATUS, R-HUBS), kept as data in `hubs.json`: each with its id,
 * its names in English and Bangla as the tracking page shows them, and the districts whose parcels it
 * delivers (ids of `src/server/modules/areas/bangladesh-areas.json`). The company's own facts, not public
 * data (see `hubs.md`): a new hub is a line in that file, and every district is served by exactly one
 * hub (`hub-areas.test.ts`).
 */
export interface Hub {
  id: string;
  name: string;
  nameBn: string;
  districts: string[];
}

export const HUBS: readonly Hub[] = hubs;

export type HubId = string;
export const HUB_IDS = HUBS.map((hub) => hub.id) as [HubId, ...HubId[]];

export const findHub = (id: string) => HUBS.find((hub) => hub.id === id);

/** The hub that delivers to a district: where its parcels end their line-haul. */
export const hubServing = (districtId: string) => HUBS.find((hub) => hub.districts.includes(districtId));

export const hubName = (hub: { name: string; nameBn: string }, language: string): string =>
  language === 'bn' ? hub.nameBn : hub.name;
