/** A query string of the fields that have a value: "status=booked&cursor=…", or "" when none has. */
export function queryString(fields: Record<string, string | undefined>): string {
  const given = Object.entries(fields).filter((field): field is [string, string] => Boolean(field[1]));
  return given.length ? `?${new URLSearchParams(given)}` : '';
}
