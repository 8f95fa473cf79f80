import { Outlet } from 'react-router';
import { RequireAdmin } from '#web/features/auth/components/RequireAdmin.tsx';
import { RequireAuth } from '#web/features/auth/components/RequireAuth.tsx';
import { RequireRole } from '#web/features/auth/components/RequireRole.tsx';

/**
 * The signed-in pages' route (src/web/app/routes.tsx): anonymous visitors go to /login and back. A
 * signed-in page fills in after the session check: it holds a screen's height from the start, so the
 * footer waits below the fold instead of jumping down in view (Lighthouse's layout shift, issue 43).
 */
export function RequireAuthOutlet() {
  return (
    <div className="min-h-svh">
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    </div>
  );
}

/** The admin pages' route. */
export function RequireAdminOutlet() {
  return (
    <RequireAdmin>
      <Outlet />
    </RequireAdmin>
  );
}

/**
 * The courier's own admin pages (pickups, operations, rates, merchants): admins only, but a customer who
 * lands on one (/dashboard/pickups is a letter from their /dashboard/pickup) is told so, not signed out;
 * the spec's sign-out rule is for its admin pages (R-ROUTES).
 */
export function RequireCourierAdminOutlet() {
  return (
    <RequireRole roles={[]}>
      <Outlet />
    </RequireRole>
  );
}

/** The hubs' pages (issue 29): operators and admins. */
export function RequireOperatorOutlet() {
  return (
    <RequireRole roles={['operator']}>
      <Outlet />
    </RequireRole>
  );
}

/** The riders' pages (issue 29): riders and admins. */
export function RequireRiderOutlet() {
  return (
    <RequireRole roles={['rider']}>
      <Outlet />
    </RequireRole>
  );
}
