import { describe, expect, it } from 'vitest';
import { HUB_IDS, HUBS, hubServing } from '#shared/hubs.ts';
import { AREAS, areaIdsServedBy } from './places.ts';

/** R-HUB-LISTS (decision 173), R-HUBS: a parcel in transit is inbound at exactly one hub, the one serving its recipient's district. */
describe('the hub each area’s parcels end at', () => {
  it('gives every area to one hub, and every hub some areas', () => {
    const served = HUB_IDS.map((hub) => areaIdsServedBy(hub));
    expect(served.every((areas) => areas.length > 0)).toBe(true);
    const all = served.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(AREAS.length);
  });

  it('has every district of the areas’ data served by exactly one hub of hubs.json, and no other district', () => {
    const districts = [...new Set(AREAS.map((area) => area.district.id))];
    const listed = HUBS.flatMap((hub) => hub.districts);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...districts].sort());
    expect(hubServing('sylhet')?.id).toBe('sylhet');
  });

  it('gives Cumilla to Chattogram and Savar to Dhaka', () => {
    expect(areaIdsServedBy('chattogram')).toContain('cumilla-debidwar');
    expect(areaIdsServedBy('dhaka')).toContain('dhaka-savar');
    expect(areaIdsServedBy('dhaka')).not.toContain('cumilla-debidwar');
  });
});
