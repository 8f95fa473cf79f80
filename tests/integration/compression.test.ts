import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEB_ROOT } from '#server/app.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const webRoot = process.env.TEST_WEB_ROOT || DEFAULT_WEB_ROOT;

describe('compression', () => {
  let server: TestServer;
  let script: string;
  let stylesheet: string;

  // Bodies are read so that no connection stays busy when the server stops.
  const get = async (path: string, acceptEncoding: string) => {
    const response = await fetch(`${server.url}${path}`, { headers: { 'accept-encoding': acceptEncoding } });
    await response.arrayBuffer();
    return response;
  };

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    const html = await (await fetch(`${server.url}/`)).text();
    script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1] ?? '';
    // Pages carry the app's stylesheet inline; the built file is still served, to the lazily loaded parts.
    // The entry's stylesheet, found by the entry's file (decision 30: the manifest does not mark it `isEntry`).
    const manifest = JSON.parse(readFileSync(join(webRoot, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string; css?: string[] }
    >;
    const entry = Object.values(manifest).find((chunk) => `/${chunk.file}` === script);
    stylesheet = `/${entry?.css?.[0] ?? ''}`;
  });
  afterAll(() => server?.stop());

  it('sends the built JavaScript and CSS as brotli, else gzip, still cached for a year', async () => {
    for (const asset of [script, stylesheet]) {
      expect(asset).not.toBe('');
      const plain = await get(asset, 'identity');
      expect(plain.headers.get('content-encoding')).toBeNull();
      for (const [accepted, sent] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
      ]) {
        const response = await get(asset, accepted ?? '');
        expect(response.status, asset).toBe(200);
        expect(response.headers.get('content-encoding'), `${asset} for ${accepted}`).toBe(sent);
        expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      }
    }
  });

  it('sends the copies the build compressed once at the strongest levels, not a copy made per request', async () => {
    for (const [accepted, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      const response = await fetch(`${server.url}${script}`, { headers: { 'accept-encoding': accepted } });
      const sent = Buffer.from(await response.arrayBuffer());
      // fetch leaves the body encoded only when asked not to decode; compare lengths it reports instead.
      expect(Number(response.headers.get('content-length')), `${script} as ${accepted}`).toBe(
        readFileSync(join(webRoot, `${script}${suffix}`)).length,
      );
      expect(sent.length).toBeGreaterThan(0);
    }
  });

  it('compresses the rendered pages: gzip of the template’s pieces deflated once at first, brotli once a kept page is asked again (decision 167)', async () => {
    const text = async (path: string, acceptEncoding: string) => {
      const response = await fetch(`${server.url}${path}`, { headers: { 'accept-encoding': acceptEncoding } });
      return {
        encoding: response.headers.get('content-encoding'),
        vary: response.headers.get('vary'),
        text: await response.text(),
      };
    };
    for (const path of ['/blog', '/no/such/page']) {
      const first = await text(path, 'br, gzip');
      expect(first.encoding, path).toBe('gzip');
      expect(first.vary, path).toMatch(/accept-encoding/i);
      // The joined gzip member reads as the page itself.
      expect(first.text, path).toBe((await text(path, 'identity')).text);
    }
    expect((await text('/blog', 'br, gzip')).encoding).toBe('br');
    // A page not kept (a 404) is rendered and sent once each time: always the cheap gzip.
    expect((await text('/no/such/page', 'br, gzip')).encoding).toBe('gzip');
    expect((await text('/no/such/page', 'br')).encoding).toBe('br');
  });

  it('compresses API answers over 1 KB on the fly, and leaves small ones alone', async () => {
    for (const path of ['/api/home', '/api/review']) {
      const response = await get(path, 'br, gzip');
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-encoding'), path).toBe('br');
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    }
    expect((await get('/api/home', 'gzip')).headers.get('content-encoding')).toBe('gzip');
    expect((await get('/api/home', 'identity')).headers.get('content-encoding')).toBeNull();
    const small = await get('/api/sign-in-options', 'br, gzip');
    expect(small.status).toBe(200);
    expect(small.headers.get('content-encoding')).toBeNull();
  });
});
