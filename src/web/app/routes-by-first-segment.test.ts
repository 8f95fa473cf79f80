import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes.tsx';
import { routesByFirstSegment } from './routes-by-first-segment.ts';

/** Every full pattern of the app's route tree, as a path with each parameter and splat filled in. */
function samplePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const path = route.path ? `${parent}/${route.path}` : parent;
    const filled = path
      .replace(/:[\w-]+/g, 'x42')
      .replace('*', 'some/where')
      .replace(/\/{2,}/g, '/');
    return [filled || '/', ...samplePaths(route.children ?? [], path)];
  });
}

const patternOf = (matches: ReturnType<typeof matchRoutes>) => matches?.map(({ route }) => route.path ?? '').join('|');

describe('the routes a path can match, narrowed by its first segment', () => {
  it('match every page of the app as the whole tree does, and addresses no page has', () => {
    const routesFor = routesByFirstSegment(routes);
    const paths = samplePaths(routes);
    expect(paths).toContain('/track/x42');
    for (const path of [...paths, '/TRACK/x42', '/%74rack/x42', '/no/such/page', '/dashboard/nothing', '/blog', '/']) {
      expect(patternOf(matchRoutes(routesFor(path), path)), path).toBe(patternOf(matchRoutes(routes, path)));
    }
  });
});
