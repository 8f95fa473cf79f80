import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import places from '#server/modules/areas/places.json' with { type: 'json' };
import type { CoverageSuggestion } from '#shared/area.ts';
import { call } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/*
 * Issue 42 item 2 (decision 158): addresses as people type them in the booking form's area field — the
 * neighbourhood, the post office or the union, English or Bangla, with their typos and the rest of the
 * address around them — each lands first on the area that prices it. [typed, area id, the place found]
 */
const ADDRESSES: [string, string, string?][] = [
  ['Bashundhara', 'dhaka-vatara', 'Bashundhara R/A'],
  ['bashundhara r/a', 'dhaka-vatara', 'Bashundhara R/A'],
  ['House 12, Road 5, Block C, Bashundhara R/A, Dhaka-1229', 'dhaka-vatara', 'Bashundhara R/A'],
  ['Bashundara', 'dhaka-vatara', 'Bashundhara R/A'],
  ['Bosundhora', 'dhaka-vatara', 'Bashundhara R/A'],
  ['বসুন্ধরা', 'dhaka-vatara', 'Bashundhara R/A'],
  ['বসুন্দরা আবাসিক এলাকা', 'dhaka-vatara', 'Bashundhara R/A'],
  ['Agrabad', 'chattogram-double-mooring', 'Agrabad'],
  ['Agrabad C/A, Chittagong', 'chattogram-double-mooring', 'Agrabad'],
  ['agrabad ctg', 'chattogram-double-mooring', 'Agrabad'],
  ['Agrabd', 'chattogram-double-mooring', 'Agrabad'],
  ['আগ্রাবাদ, চট্টগ্রাম', 'chattogram-double-mooring', 'Agrabad'],
  ['Tongi', 'gazipur-gazipur-sadar', 'Tongi'],
  ['Tongi, Gazipur', 'gazipur-gazipur-sadar', 'Tongi'],
  ['Tongi Dhaka', 'gazipur-gazipur-sadar', 'Tongi'],
  ['Tonggi', 'gazipur-gazipur-sadar', 'Tongi'],
  ['টঙ্গী', 'gazipur-gazipur-sadar', 'Tongi'],
  ['টংগী, গাজীপুর', 'gazipur-gazipur-sadar', 'Tongi'],
  ['1710', 'gazipur-gazipur-sadar', 'Tongi'],
  ['Uttara', 'dhaka-uttara-east'],
  ['uttra', 'dhaka-uttara-east'],
  ['Uttara Sector 7', 'dhaka-uttara-west', 'Uttara Sector 7'],
  ['House 5, Road 12, Sector 13, Uttara', 'dhaka-uttara-west', 'Uttara Sector 13'],
  ['uttara sector-4', 'dhaka-uttara-east', 'Uttara Sector 4'],
  ['উত্তরা সেক্টর ১০', 'dhaka-uttara-west', 'Uttara Sector 10'],
  ['Uttara Model Town 1230', 'dhaka-uttara-east', 'Uttara Model Town'],
  ['1230', 'dhaka-uttara-east', 'Uttara Model Town'],
  ['Mirpur', 'dhaka-mirpur'],
  ['mirpur 10', 'dhaka-mirpur', 'Mirpur 10'],
  ['Mirpur-11, Dhaka', 'dhaka-pallabi', 'Mirpur 11'],
  ['mirpur14', 'dhaka-kafrul', 'Mirpur 14'],
  ['মিরপুর ১২', 'dhaka-pallabi', 'Mirpur 12'],
  ['Mirpur, Kushtia', 'kushtia-mirpur'],
  ['Savar', 'dhaka-savar'],
  ['Savaar', 'dhaka-savar'],
  ['সাভার', 'dhaka-savar'],
  ['Ashulia, Savar', 'dhaka-savar'],
  ['Hemayetpur', 'dhaka-savar', 'Hemayetpur'],
  ['Gulshan 2', 'dhaka-gulshan', 'Gulshan 2'],
  ['Road 45, Gulshan-2', 'dhaka-gulshan', 'Gulshan 2'],
  ['gulshon', 'dhaka-gulshan'],
  ['গুলশান ১', 'dhaka-gulshan', 'Gulshan 1'],
  ['Banani', 'dhaka-banani'],
  ['বনানী', 'dhaka-banani'],
  ['Baridhara', 'dhaka-gulshan', 'Baridhara'],
  ['Dhanmondi', 'dhaka-dhanmondi'],
  ['Dhanmundi', 'dhaka-dhanmondi'],
  ['Road 27, Dhanmondi', 'dhaka-dhanmondi'],
  ['ধানমন্ডি', 'dhaka-dhanmondi'],
  ['Lalmatia', 'dhaka-mohammadpur', 'Lalmatia'],
  ['Mohammadpur', 'dhaka-mohammadpur'],
  ['Farmgate', 'dhaka-tejgaon', 'Farmgate'],
  ['Karwan Bazar', 'dhaka-tejgaon', 'Karwan Bazar'],
  ['Banasree', 'dhaka-rampura', 'Banasree'],
  ['Keranigonj', 'dhaka-keraniganj'],
  ['Jinjira', 'dhaka-keraniganj', 'Jinjira'],
  ['Nasirabad, Chattogram', 'chattogram-panchlaish', 'Nasirabad'],
  ['GEC, Khulshi', 'chattogram-khulshi'],
  ['Halishahar', 'chattogram-halishahar'],
  ['Bahaddarhat', 'chattogram-chandgaon', 'Bahaddarhat'],
  ['Fatullah, Narayanganj', 'narayanganj-narayanganj-sadar', 'Fatullah'],
  ['Chashara', 'narayanganj-narayanganj-sadar', 'Chashara'],
  ['Zindabazar, Sylhet', 'sylhet-sylhet-sadar', 'Zindabazar'],
  ['Konabari', 'gazipur-gazipur-sadar', 'Konabari'],
  ['কোনাবাড়ী', 'gazipur-gazipur-sadar', 'Konabari'],
  ['Kashimpur, Gazipur', 'gazipur-gazipur-sadar', 'Kashimpur'],
  ['Dohazari', 'chattogram-chandanaish', 'Dohazari'],
  ['Comilla', 'cumilla-comilla-sadar'],
  ['Bogra', 'bogura-bogra-sadar'],
];

describe.each(testDatabaseKinds())('places people write, found for the area that prices them (issue 42, %s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
  });
  afterAll(() => server?.stop());

  const suggest = async (q: string) => {
    const answer = await call<CoverageSuggestion[]>(server, 'GET', `/api/coverage?q=${encodeURIComponent(q)}`);
    expect(answer.status, q).toBe(200);
    return answer.body;
  };

  it(`lands ${ADDRESSES.length} addresses as people type them on the right district and area`, async () => {
    expect(ADDRESSES.length).toBeGreaterThanOrEqual(60);
    const wrong: string[] = [];
    for (const [typed, area, place] of ADDRESSES) {
      const first = (await suggest(typed))[0];
      const landed = `${first?.id}${first?.place ? ` (${first.place.name})` : ''}`;
      const expected = `${area}${place ? ` (${place})` : ''}`;
      if (landed !== expected) wrong.push(`${typed}: ${landed}, not ${expected}`);
      else expect(first?.district.id).toBe(area.split('-')[0]);
    }
    expect(wrong).toEqual([]);
  });

  it('says which area and district a place prices as, with a post office’s postcode', async () => {
    const [tongi] = await suggest('Tongi');
    expect(tongi).toMatchObject({
      id: 'gazipur-gazipur-sadar',
      name: 'Gazipur Sadar',
      district: { id: 'gazipur', name: 'Gazipur', nameBn: 'গাজীপুর' },
      place: { kind: 'neighbourhood', name: 'Tongi', nameBn: 'টঙ্গী', postcode: 1710 },
    });
    const [postOffice] = await suggest('1710');
    expect(postOffice?.place).toEqual({ kind: 'post-office', name: 'Tongi', nameBn: 'Tongi', postcode: 1710 });
    const [union] = await suggest('Konabari');
    const konabari = places.unions['gazipur-gazipur-sadar'].find(([name]) => name === 'Konabari');
    expect(union?.place).toEqual({ kind: 'union', name: 'Konabari', nameBn: konabari?.[1] });
    // An area found itself carries no place.
    expect((await suggest('Savar'))[0]).not.toHaveProperty('place');
  });

  it('never matches "Sadar" on its own: Savar is not followed by the Sadar areas', async () => {
    const savar = await suggest('Savar');
    expect(savar.filter((found) => /sadar/i.test(found.name) && !found.place)).toEqual([]);
    expect(await suggest('Sadar')).toEqual([]);
    expect(await suggest('সদর')).toEqual([]);
  });

  it('puts the big city and the bigger place before namesakes elsewhere', async () => {
    const mirpur = (await suggest('Mirpur')).map((found) => `${found.id}${found.place ? `/${found.place.name}` : ''}`);
    expect(mirpur.slice(0, 3)).toEqual(['dhaka-mirpur', 'kushtia-mirpur', 'dhaka-mirpur/Mirpur 1']);
    // Its neighbourhoods (Mirpur 1 to 14) before the unions named Mirpur elsewhere.
    expect(mirpur.slice(2, 9).every((id) => /^dhaka-\w+\/Mirpur \d+$/.test(id))).toBe(true);
    // The name itself before a longer name it begins.
    expect((await suggest('Tongi')).map((found) => found.place?.name ?? found.name).slice(0, 2)).toEqual(['Tongi', 'Tongibari']);
    const uttara = await suggest('Uttara');
    expect(uttara.slice(0, 2).map((found) => found.id)).toEqual(['dhaka-uttara-east', 'dhaka-uttara-west']);
    expect(uttara).toHaveLength(10);
  });

  it('holds the unions with Bangla names, the post offices with postcodes, and the neighbourhoods', () => {
    const unions = Object.values(places.unions).flat();
    const postOffices = Object.values(places.postOffices).flat();
    expect(unions.length).toBeGreaterThan(4500);
    for (const [name, nameBn] of unions) expect(nameBn, name).toMatch(/^(?:[\u0980-\u09FF\s().,-]|\u200c|\u200d)+$/);
    expect(postOffices.length).toBeGreaterThan(1300);
    for (const [name, postcode] of postOffices) expect(postcode, String(name)).toBeGreaterThanOrEqual(1000);
    expect(Object.values(places.neighbourhoods).flat().length).toBeGreaterThanOrEqual(60);
  });
});
