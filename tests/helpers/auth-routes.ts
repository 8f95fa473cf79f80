import type { Auth } from '#server/auth/auth.ts';

interface EndpointFacts {
  path?: string;
  options?: { method?: string | string[] };
}

/**
 * Every route Better Auth answers as the shop configures it (plugins included), read from its endpoints
 * instead of listed by hand: [method, path], path parameters written `{name}` as in the OpenAPI document.
 * Server-only endpoints have no path and are left out.
 */
export function betterAuthRoutes(auth: Auth): [string, string][] {
  return Object.values(auth.api as Record<string, EndpointFacts>).flatMap(({ path, options }) =>
    path === undefined
      ? []
      : [options?.method ?? []]
          .flat()
          .map((method): [string, string] => [method.toLowerCase(), `/api/auth${path.replace(/:(\w+)/g, '{$1}')}`]),
  );
}
