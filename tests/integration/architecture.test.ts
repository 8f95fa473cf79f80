import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** The rows of docs/architecture.md's route table: "| `GET /api/home` | `src/…/routes.ts` |". */
function documentedRoutes(): { method: string; url: string; file: string }[] {
  const page = readFileSync('docs/architecture.md', 'utf8');
  return [...page.matchAll(/^\| `(GET|POST|PUT|PATCH|DELETE) (\/api\/[^`]*)` \| `([^`]+)`/gm)].map(([, method, url, file]) => ({
    method: method ?? '',
    url: url ?? '',
    file: file ?? '',
  }));
}

describe('docs/architecture.md maps every API route to its file', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind: 'pglite' });
  });
  afterAll(() => server?.stop());

  it('documents every route in the OpenAPI document', () => {
    const documented = new Set(documentedRoutes().map(({ method, url }) => `${method} ${url}`));
    const paths = (server.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const served = Object.entries(paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(served.length).toBeGreaterThan(20);
    expect(served.filter((route) => !documented.has(route))).toEqual([]);
  });

  it('names, for each documented route, a route the app serves and a file that declares its path', () => {
    for (const { method, url, file } of documentedRoutes()) {
      // Registered only in Stripe mode, or in SSLCommerz mode.
      const conditional = url === '/api/webhooks/stripe' || url.startsWith('/api/sslcommerz/');
      if (!conditional) expect(server.app.hasRoute({ method: method as HTTPMethods, url }), `${method} ${url}`).toBe(true);
      expect(readFileSync(file, 'utf8'), `${file} declares ${url}`).toContain(`'${url}'`);
    }
  });
});

/** The server's source files, tests left out. */
function serverSources(): string[] {
  return readdirSync('src/server', { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => join('src/server', file));
}

/** What an `.update(orders)` call writes: the text of its `.set(…)` argument, up to the closing parenthesis. */
function orderUpdatesIn(source: string): string[] {
  return [...source.matchAll(/\.update\(orders\)\s*\.set\(/g)].map((match) => {
    let depth = 1;
    let end = (match.index ?? 0) + match[0].length;
    while (depth > 0 && end < source.length) {
      if (source[end] === '(') depth += 1;
      if (source[end] === ')') depth -= 1;
      end += 1;
    }
    return source.slice((match.index ?? 0) + match[0].length, end - 1);
  });
}

describe('an order’s status changes in one place (R-ORDER-STATUS)', () => {
  it('only the transition function in src/server/modules/orders/lifecycle.ts writes orders.status', () => {
    const writers = serverSources().filter((file) => {
      const source = readFileSync(file, 'utf8');
      const drizzle = orderUpdatesIn(source).some((set) => /\bstatus\b/.test(set));
      const rawSql = /update\s+"?orders"?\s+set[^;`]*\bstatus\b/i.test(source);
      return drizzle || rawSql;
    });
    expect(writers).toEqual(['src/server/modules/orders/lifecycle.ts']);
  });
});

/** The module a server file belongs to: `orders` for src/server/modules/orders/…; none outside the modules. */
const moduleOf = (file: string) => /^src\/server\/modules\/([^/]+)\//.exec(file)?.[1];

/** Where a source file's imports lead, as paths from the repository's root; `import type` counts too. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].flatMap(([, specifier = '']) => {
    if (specifier.startsWith('#server/')) return [join('src/server', specifier.slice('#server/'.length))];
    if (specifier.startsWith('.')) return [join(dirname(file), specifier)];
    return [];
  });
}

/** Which modules each server module imports. */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of serverSources()) {
    const from = moduleOf(file);
    if (!from) continue;
    const reached = graph.get(from) ?? new Set<string>();
    graph.set(from, reached);
    for (const to of importsOf(file).map(moduleOf)) if (to && to !== from) reached.add(to);
  }
  return graph;
}

/** One cycle of the graph, as the modules along it ending where it started, or undefined when there is none. */
function findCycle(graph: Map<string, Set<string>>): string[] | undefined {
  const done = new Set<string>();
  const visit = (node: string, path: string[]): string[] | undefined => {
    if (path.includes(node)) return [...path.slice(path.indexOf(node)), node];
    if (done.has(node)) return undefined;
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next, [...path, node]);
      if (cycle) return cycle;
    }
    done.add(node);
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node, []);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('server modules import each other one way (docs/decisions/0049)', () => {
  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['orders', new Set(['customers', 'users'])],
      ['users', new Set(['orders'])],
      ['customers', new Set<string>()],
    ]);
    expect(findCycle(graph)).toEqual(['orders', 'users', 'orders']);
  });

  it('no module reaches itself through others, type-only imports included', () => {
    const graph = moduleGraph();
    expect(graph.get('payments')).toContain('orders');
    expect(findCycle(graph)?.join(' → ')).toBeUndefined();
  });
});
