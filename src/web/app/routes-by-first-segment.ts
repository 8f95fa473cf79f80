import type { RouteObject } from 'react-router';

/**
 * React Router's matchRoutes flattens and ranks the whole route tree on every call: 1.3–1.5 ms of a
 * tracking page's miss (issue 40), only to name the page for /metrics. A path's first segment rules
 * out every route whose own first segment is a different word; what is left ranks among itself as in
 * the whole tree (siblings keep their order, scores do not change), so the match is the same.
 */
/** As the router reads a segment: decoded (`%74rack` is track) and in any case. */
function decodedWord(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

export function routesByFirstSegment(routes: RouteObject[]): (path: string) => RouteObject[] {
  const narrow = (list: RouteObject[], first: string): RouteObject[] =>
    list.flatMap((route) => {
      const [head] = (route.path ?? '').split('/').filter(Boolean);
      if (head === undefined) return [route.children ? { ...route, children: narrow(route.children, first) } : route];
      const open = head.startsWith(':') || head.includes('*') || head.endsWith('?');
      return open || head.toLowerCase() === first ? [route] : [];
    });
  const words = new Set<string>();
  const collect = (list: RouteObject[]) => {
    for (const route of list) {
      const [head] = (route.path ?? '').split('/').filter(Boolean);
      if (head === undefined) collect(route.children ?? []);
      else words.add(head.toLowerCase());
    }
  };
  collect(routes);
  // One narrowed tree per word a route starts with, and one for every other path: bounded by the routes.
  const byWord = new Map([...words].map((word) => [word, narrow(routes, word)]));
  const others = narrow(routes, '');
  return (path) => {
    const [first = ''] = path.split('/').filter(Boolean);
    return byWord.get(decodedWord(first)) ?? others;
  };
}
