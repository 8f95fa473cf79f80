import { Trans, useLingui } from '@lingui/react/macro';
import { NavLink, Outlet } from 'react-router';
import { MESSAGES } from '#shared/messages.ts';
import { useRole } from '#web/features/auth/api/use-is-admin.ts';
import { useViewer } from '#web/features/auth/api/use-viewer.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';

const USER_ENTRIES = [
  { to: '/dashboard/orders', label: /*i18n*/ 'My Orders' },
  { to: '/dashboard/parcels', label: /*i18n*/ 'My Parcels' },
  { to: '/dashboard/pickup', label: /*i18n*/ 'Ask for a pickup' },
  { to: '/dashboard/freight', label: /*i18n*/ 'Freight requests' },
  { to: '/dashboard/review', label: /*i18n*/ 'Add a Review' },
] as const;

/** Every customer's merchant page (issue 30), after the spec's entries and the staff's, which keep their places. */
const MERCHANT_ENTRY = { to: '/dashboard/merchant', label: /*i18n*/ 'Merchant' } as const;

/** The hubs' screens: operators' and admins' (issue 29). */
const OPERATOR_ENTRIES = [
  { to: '/dashboard/scan', label: /*i18n*/ 'Scan parcels' },
  // Bags between hubs (issue 43, R-BAGS).
  { to: '/dashboard/bags', label: /*i18n*/ 'Bags' },
  { to: '/dashboard/hub', label: /*i18n*/ 'Hub parcels' },
  // Operators send riders to pickups too (R-PICKUPS-AHEAD).
  { to: '/dashboard/pickups', label: /*i18n*/ 'Pickups' },
] as const;

/** A rider's screen (issue 29). */
const RIDER_ENTRIES = [{ to: '/dashboard/run', label: /*i18n*/ 'My run' }] as const;

const ADMIN_ENTRIES = [
  { to: '/dashboard/overview', label: /*i18n*/ 'Overview' },
  { to: '/dashboard/manageOrders', label: /*i18n*/ 'Manage Orders' },
  { to: '/dashboard/addProducts', label: /*i18n*/ 'Add Products' },
  { to: '/dashboard/makeAdmin', label: /*i18n*/ 'Make Admin' },
  { to: '/dashboard/manageProducts', label: /*i18n*/ 'Manage Products' },
  { to: '/dashboard/operations', label: /*i18n*/ 'Operations' },
  { to: '/dashboard/allParcels', label: /*i18n*/ 'Parcels' },
  { to: '/dashboard/rates', label: /*i18n*/ 'Rates' },
  { to: '/dashboard/mailbox', label: /*i18n*/ 'Mailbox' },
  { to: '/dashboard/merchants', label: /*i18n*/ 'Merchants' },
] as const;

function MenuEntry({ to, label }: { to: string; label: string }) {
  const inPageLanguage = useInPageLanguage();
  return (
    <li>
      <NavLink to={to} className={({ isActive }) => (isActive ? 'menu-active' : '')}>
        {inPageLanguage(label)}
      </NavLink>
    </li>
  );
}

export function DashboardLayout() {
  const inPageLanguage = useInPageLanguage();
  const { t } = useLingui();
  const { user } = useViewer();
  const role = useRole(user?.email);
  return (
    <div className="drawer lg:drawer-open">
      <input id="dashboard-drawer" type="checkbox" className="drawer-toggle" aria-label={t`Show the dashboard menu`} />
      <div className="drawer-content min-w-0 px-4 py-6 lg:px-8">
        <div className="flex items-center justify-between gap-2">
          <h1 className="text-2xl font-bold text-primary sm:text-3xl">{inPageLanguage(MESSAGES.dashboardHeading)}</h1>
          <label htmlFor="dashboard-drawer" className="btn btn-outline btn-sm lg:hidden">
            <Trans>Menu</Trans>
          </label>
        </div>
        <div className="mt-6">
          <Outlet />
        </div>
      </div>
      <div className="drawer-side z-30 lg:z-auto">
        <label htmlFor="dashboard-drawer" className="drawer-overlay">
          <span className="sr-only">
            <Trans>Close the dashboard menu</Trans>
          </span>
        </label>
        <nav aria-label={t`Dashboard`} className="min-h-full w-64 bg-base-200 p-4">
          <ul className="menu w-full gap-1">
            {USER_ENTRIES.map((entry) => (
              <MenuEntry key={entry.to} {...entry} />
            ))}
            {role.isPending && user ? (
              <li className="px-4 py-2" aria-live="polite">
                <span className="loading loading-dots loading-sm" aria-hidden="true" />
                <span className="sr-only">
                  <Trans>Checking admin access…</Trans>
                </span>
              </li>
            ) : null}
            {role.data === 'admin' ? ADMIN_ENTRIES.map((entry) => <MenuEntry key={entry.to} {...entry} />) : null}
            {/* The staff's screens after the spec's admin entries, which keep their place. */}
            {role.data === 'operator' || role.data === 'admin'
              ? OPERATOR_ENTRIES.map((entry) => <MenuEntry key={entry.to} {...entry} />)
              : null}
            {role.data === 'rider' || role.data === 'admin'
              ? RIDER_ENTRIES.map((entry) => <MenuEntry key={entry.to} {...entry} />)
              : null}
            <MenuEntry {...MERCHANT_ENTRY} />
          </ul>
        </nav>
      </div>
    </div>
  );
}
