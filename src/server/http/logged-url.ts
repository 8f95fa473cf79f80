/** A route's path parameters that hold a person's details: logs and traces name the route instead of the path. */
const PERSONAL_PARAMETERS = ['email', 'phone', 'token', 'password'];

const isPersonal = (name: string) => PERSONAL_PARAMETERS.includes(name.toLowerCase());

/** A query's parameters by name, values left out: `a=1&b=2` (or `?a=1&b=2`) as `a&b`. */
export function queryParameterNames(query: string): string {
  return query
    .replace(/^\?/, '')
    .split('&')
    .map((parameter) => parameter.split('=', 1)[0] ?? '')
    .join('&');
}

/**
 * A request's address as logs and traces keep it: the path and the names of its query's parameters,
 * never their values (decisions 81 and 96): a query may carry an email, a phone number, a token or a
 * search for any of them, and no list of names would know every one. `GET /api/orders?email=…&page=2`
 * logs `/api/orders?email&page`, and a route with a personal parameter in its path
 * (`PUT /api/user/:email`) logs its pattern.
 */
export function loggedUrl(url: string, route: string | undefined): string {
  const queryStart = url.includes('?') ? url.indexOf('?') : url.length;
  const personalPath = route?.split('/').some((part) => part.startsWith(':') && isPersonal(part.slice(1)));
  const path = personalPath && route ? route : url.slice(0, queryStart);
  if (queryStart === url.length) return path;
  return `${path}?${queryParameterNames(url.slice(queryStart + 1))}`;
}
