/**
 * What each guard (a route's onRequest hook that refuses callers) demands, so the API document says it
 * from the guard itself (issue 39 item 11): a route cannot be guarded and documented without security.
 */
export interface GuardDemand {
  /** The security scheme of the document the caller proves themselves with. */
  scheme: 'bearerAuth' | 'merchantApiKey';
  /** Whether a caller who proved who they are can still be refused for their role (403). */
  byRole: boolean;
}

const demands = new WeakMap<object, GuardDemand>();

/** Marks `check` as a guard demanding `demand`; returns `check` itself. */
export function guard<Check extends object>(check: Check, demand: GuardDemand): Check {
  demands.set(check, demand);
  return check;
}

/** The demand of the first guard among a route's hooks, if any. */
export function guardDemandOf(hooks: unknown): GuardDemand | undefined {
  for (const hook of [hooks ?? []].flat()) {
    const demand = typeof hook === 'function' ? demands.get(hook) : undefined;
    if (demand) return demand;
  }
  return undefined;
}
