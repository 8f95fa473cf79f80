import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CataloguePage } from '#shared/catalogue.ts';
import { addProduct } from '../helpers/catalog.ts';
import { call, signInAdmin } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Misspellings shoppers really type, against the demo catalogue (R-SEARCH, decision 51): two
 * neighbours swapped, a letter dropped, doubled or wrong, half-typed last words, several words. A
 * word of 5 to 8 letters forgives one typo, a longer one two.
 */
const MISSPELLINGS: [typed: string, finds: string][] = [
  // Two neighbours swapped
  ['rotuer', 'MeshLink Wi-Fi 7 Tri-Band Mesh Router'],
  ['MesLhink', 'MeshLink Wi-Fi 7 Tri-Band Mesh Router'],
  ['keybaord', 'KeyFlow Mechanical Keyboard'],
  ['laptpo', 'AeroBook 14 Ultralight Laptop'],
  ['moniotr', 'Vista 27" 4K IPS Monitor'],
  ['hedaphones', 'SoundWave ANC Wireless Over-Ear Headphones'],
  ['wierless', 'Glide Pro Wireless Mouse'],
  ['mosue', 'Glide Pro Wireless Mouse'],
  ['webacm', 'ClearCam 4K Conference Webcam'],
  ['protable', 'Vault 2 TB Portable SSD'],
  ['mechanicla', 'KeyFlow Mechanical Keyboard'],
  ['ultrawdie', 'Curve 34" Ultrawide Monitor'],
  ['deskotp', 'CoreStation Mini Desktop PC'],
  ['gmaing', 'Titan X17 Gaming Laptop'],
  ['cnoference', 'ClearCam 4K Conference Webcam'],
  ['portabel', 'Vault 2 TB Portable SSD'],
  // A letter dropped
  ['aerbook', 'AeroBook 14 Ultralight Laptop'],
  ['keybord', 'KeyFlow Mechanical Keyboard'],
  ['headphnes', 'SoundWave ANC Wireless Over-Ear Headphones'],
  ['wireles', 'Glide Pro Wireless Mouse'],
  ['rouer', 'MeshLink Wi-Fi 7 Tri-Band Mesh Router'],
  ['ultralght', 'AeroBook 14 Ultralight Laptop'],
  ['monitr', 'Vista 27" 4K IPS Monitor'],
  ['webam', 'ClearCam 4K Conference Webcam'],
  ['portble', 'Vault 2 TB Portable SSD'],
  ['mechancal', 'KeyFlow Mechanical Keyboard'],
  ['desktp', 'CoreStation Mini Desktop PC'],
  ['satelites', 'MeshLink Wi-Fi 7 Tri-Band Mesh Router'],
  ['mose', 'Glide Pro Wireless Mouse'],
  // A letter doubled
  ['keyyboard', 'KeyFlow Mechanical Keyboard'],
  ['laptoop', 'Titan X17 Gaming Laptop'],
  ['mouuse', 'Glide Pro Wireless Mouse'],
  ['routter', 'MeshLink Wi-Fi 7 Tri-Band Mesh Router'],
  ['headphoness', 'SoundWave ANC Wireless Over-Ear Headphones'],
  ['monittor', 'Curve 34" Ultrawide Monitor'],
  ['webcamm', 'ClearCam 4K Conference Webcam'],
  ['gamming', 'Titan X17 Gaming Laptop'],
  // A wrong letter
  ['labtop', 'AeroBook 14 Ultralight Laptop'],
  ['conferense', 'ClearCam 4K Conference Webcam'],
  ['mechanecal', 'KeyFlow Mechanical Keyboard'],
  ['wireliss', 'Glide Pro Wireless Mouse'],
  ['monitir', 'Vista 27" 4K IPS Monitor'],
  ['ultrawibe', 'Curve 34" Ultrawide Monitor'],
  ['heedphones', 'SoundWave ANC Wireless Over-Ear Headphones'],
  ['ergonomik', 'Glide Pro Wireless Mouse'],
  ['CoreStaton', 'CoreStation Mini Desktop PC'],
  ['ClaerCam', 'ClearCam 4K Conference Webcam'],
  ['HubMastr', 'HubMaster 12-in-1 USB-C Dock'],
  // Two typos in a long word
  ['hedaphnes', 'SoundWave ANC Wireless Over-Ear Headphones'],
  ['ultralihgtt', 'AeroBook 14 Ultralight Laptop'],
  // Half typed, several words
  ['keybo', 'KeyFlow Mechanical Keyboard'],
  ['kebyo', 'KeyFlow Mechanical Keyboard'],
  ['wireles mous', 'Glide Pro Wireless Mouse'],
  ['MESHLNK rout', 'MeshLink Wi-Fi 7 Tri-Band Mesh Router'],
  ['titan gamign laptop', 'Titan X17 Gaming Laptop'],
  ['noise canceling headphones', 'SoundWave ANC Wireless Over-Ear Headphones'],
];

describe.each(testDatabaseKinds())('searching the demo catalogue with typos on %s', (kind) => {
  let server: TestServer;
  const names = async (query: string) => {
    const answer = await call<CataloguePage>(server, 'GET', `/api/products?${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.items.map((product) => product.name);
  };

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
  });
  afterAll(() => server?.stop());

  it(`finds what was meant in ${MISSPELLINGS.length} real misspellings`, async () => {
    const missed: string[] = [];
    for (const [typed, finds] of MISSPELLINGS) {
      const found = await names(`q=${encodeURIComponent(typed)}&pageSize=48`);
      if (!found.includes(finds)) missed.push(`${typed} → ${found.join(', ') || 'nothing'}`);
    }
    expect(missed).toEqual([]);
  });

  it('finds nothing with more typos than a word forgives', async () => {
    for (const typed of ['rtouer', 'kyebaord', 'wrieelss', 'xqzzyplugh', 'refrigerator'])
      expect(await names(`q=${typed}`), typed).toEqual([]);
  });

  it('ranks what is found as typed above what is found with a typo, whatever the order chosen', async () => {
    const admin = await signInAdmin(server);
    await addProduct(server, admin, { name: 'Rooter Cable Tester', price: '9.99', description: 'Finds a broken pair.' });
    expect(await names('q=router&sort=price-asc')).toEqual(['MeshLink Wi-Fi 7 Tri-Band Mesh Router', 'Rooter Cable Tester']);
    expect(await names('q=rooter&sort=price-desc')).toEqual(['Rooter Cable Tester', 'MeshLink Wi-Fi 7 Tri-Band Mesh Router']);
  });
});
