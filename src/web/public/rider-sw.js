/*
 * The rider app's service worker (R-RIDER-OFFLINE, decision 176), kept by hand: it serves the run page,
 * its files and its last answers when there is no signal. It is registered for the run page only
 * (/dashboard/run, /bn/dashboard/run), so no other page of the site passes through it.
 * Outcomes recorded offline are not sent from here: the page keeps them (IndexedDB) and sends them.
 */
// The same name in src/web/lib/rider-app-cache.ts, which signing out deletes.
const CACHE = 'rider-app-v1';

/** Answers the run page needs to open offline: who is signed in, their role, the run, and the key codes are sealed with. */
const KEPT_ANSWERS = [/^\/api\/auth\/get-session$/, /^\/api\/admin\/[^/]+$/, /^\/api\/rider\/(run|code-seal)$/];

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** The network's answer, kept for next time; with no network, the one kept last time. */
async function networkFirst(request, cacheKey) {
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(request);
    if (answer.ok) await cache.put(cacheKey, answer.clone());
    return answer;
  } catch (error) {
    const kept = await cache.match(cacheKey);
    if (kept) return kept;
    throw error;
  }
}

/** Built files carry their content's hash in their name: once kept, never asked again (the logo too, a copy a day old is as good). */
async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok) await cache.put(request, answer.clone());
  return answer;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // One copy of the page per language, whatever its query.
    event.respondWith(networkFirst(request, url.pathname));
    return;
  }
  if (url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg') {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (KEPT_ANSWERS.some((path) => path.test(url.pathname))) event.respondWith(networkFirst(request, url.pathname));
});

/** What the page may ask the worker to keep: the run page, the site's built files and the logo. */
const KEPT_FILE = /^\/(?:bn\/)?dashboard\/run$|^\/assets\/[\w.-]+$|^\/favicon\.svg$/;

/**
 * The page, once the worker controls it, names what it loaded before the worker was there (its files)
 * and the answers it opens with; the worker fetches and keeps them itself, off the page's thread, so a
 * cheap phone's run page does not stall while they are copied (issue 43). The answers are asked with
 * the rider's token, which the page sends along and the worker does not keep.
 */
async function keepWhatThePageOpensWith({ files, answers, token }) {
  const cache = await caches.open(CACHE);
  const paths = (list, allowed) =>
    (Array.isArray(list) ? list : []).filter((path) => typeof path === 'string' && allowed(path));
  await cache.addAll(paths(files, (path) => KEPT_FILE.test(path)));
  const headers = typeof token === 'string' ? { authorization: `Bearer ${token}` } : {};
  for (const path of paths(answers, (path) => KEPT_ANSWERS.some((kept) => kept.test(path)))) {
    const answer = await fetch(path, { credentials: 'same-origin', headers });
    if (answer.ok) await cache.put(path, answer);
  }
}

self.addEventListener('message', (event) => {
  if (event.data?.type === 'keep' && event.source?.url && new URL(event.source.url).origin === self.location.origin)
    event.waitUntil(keepWhatThePageOpensWith(event.data).catch(() => undefined));
});
