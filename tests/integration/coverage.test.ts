import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import compiled from '#server/modules/areas/bangladesh-areas.json' with { type: 'json' };
import type { Area } from '#shared/area.ts';
import { call } from '../helpers/shop-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** Issue 28, its first part: the coverage, as data, found by the address form's typed name. */
describe('coverage: every district and upazila, found by name in English or Bangla', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  const search = async (q: string, headers: Record<string, string> = {}) =>
    call<Area[]>(server, 'GET', `/api/coverage?q=${encodeURIComponent(q)}`, { headers });

  it('holds the 8 divisions, the 64 districts, their 494 upazilas and the 65 city thanas of Dhaka and Chattogram', () => {
    expect(compiled.divisions).toHaveLength(8);
    expect(compiled.districts).toHaveLength(64);
    expect(compiled.areas.filter((area) => !area.city)).toHaveLength(494);
    expect(compiled.areas.filter((area) => area.city).map((area) => area.districtId)).toEqual([
      ...Array(50).fill('dhaka'),
      ...Array(15).fill('chattogram'),
    ]);
    expect(new Set(compiled.areas.map((area) => area.id)).size).toBe(compiled.areas.length);
    const districts = new Set(compiled.districts.map((district) => district.id));
    const divisions = new Set(compiled.divisions.map((division) => division.id));
    for (const area of compiled.areas) {
      expect(districts.has(area.districtId), area.id).toBe(true);
      expect(area.nameBn, area.id).toMatch(/^[\u0980-\u09FF\s()-]+$/);
    }
    for (const district of compiled.districts) expect(divisions.has(district.divisionId), district.id).toBe(true);
    // Every district has areas.
    for (const district of districts)
      expect(
        compiled.areas.some((area) => area.districtId === district),
        district,
      ).toBe(true);
  });

  it('finds an area by its English name, its Bangla name, or with a typo, with its district and division', async () => {
    const savar = (await search('savar')).body[0];
    expect(savar).toMatchObject({
      id: 'dhaka-savar',
      name: 'Savar',
      nameBn: 'সাভার',
      district: { id: 'dhaka', name: 'Dhaka', nameBn: 'ঢাকা' },
      division: { id: 'dhaka', name: 'Dhaka' },
      homeDelivery: true,
      pickup: true,
    });
    expect((await search('সাভার')).body[0]?.id).toBe('dhaka-savar');
    expect((await search('Keranigonj')).body.map((area) => area.id)).toContain('dhaka-keraniganj');
    expect((await search('  SAVAR ')).body[0]?.id).toBe('dhaka-savar');
  });

  it('a district’s name lists its areas, at most ten, the area’s own name first', async () => {
    const sylhet = (await search('sylhet')).body;
    expect(sylhet.length).toBeGreaterThan(0);
    expect(sylhet.length).toBeLessThanOrEqual(10);
    expect(sylhet.every((area) => area.district.id === 'sylhet' || area.name.toLowerCase().includes('sylhet'))).toBe(true);
    expect((await search('zzzzqqq')).body).toEqual([]);
  });

  it('refuses an empty or overlong search with a field message, in Bangla when asked', async () => {
    const refused = (q: string, headers: Record<string, string> = {}) =>
      call(server, 'GET', `/api/coverage?q=${encodeURIComponent(q)}`, { headers });
    const empty = await refused(' ', { 'accept-language': 'bn' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('bad_request');
    expect(empty.body.error.fields.q).toMatch(/[\u0980-\u09FF]/);
    const long = await refused('x'.repeat(61));
    expect(long.status).toBe(400);
    expect(long.body.error.fields.q).toBe('q must be at most 60 characters');
  });
});
