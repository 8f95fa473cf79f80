import { NavLink, Outlet } from 'react-router';
import { MESSAGES } from '#shared/messages.ts';
import { useIsAdmin } from '#web/features/auth/api/use-is-admin.ts';
import { useViewer } from '#web/features/auth/api/use-viewer.ts';

const USER_ENTRIES = [
  { to: '/dashboard/orders', label: 'My Orders' },
  { to: '/dashboard/review', label: 'Add a Review' },
] as const;

const ADMIN_ENTRIES = [
  { to: '/dashboard/overview', label: 'Overview' },
  { to: '/dashboard/manageOrders', label: 'Manage Orders' },
  { to: '/dashboard/addProducts', label: 'Add Products' },
  { to: '/dashboard/makeAdmin', label: 'Make Admin' },
  { to: '/dashboard/manageProducts', label: 'Manage Products' },
  { to: '/dashboard/mailbox', label: 'Mailbox' },
] as const;

function MenuEntry({ to, label }: { to: string; label: string }) {
  return (
    <li>
      <NavLink to={to} className={({ isActive }) => (isActive ? 'menu-active' : '')}>
        {label}
      </NavLink>
    </li>
  );
}

export function DashboardLayout() {
  const { user } = useViewer();
  const admin = useIsAdmin(user?.email);
  return (
    <div className="drawer lg:drawer-open">
      <input id="dashboard-drawer" type="checkbox" className="drawer-toggle" aria-label="Show the dashboard menu" />
      <div className="drawer-content min-w-0 px-4 py-6 lg:px-8">
        <div className="flex items-center justify-between gap-2">
          <h1 className="text-2xl font-bold text-primary sm:text-3xl">{MESSAGES.dashboardHeading}</h1>
          <label htmlFor="dashboard-drawer" className="btn btn-outline btn-sm lg:hidden">
            Menu
          </label>
        </div>
        <div className="mt-6">
          <Outlet />
        </div>
      </div>
      <div className="drawer-side z-30 lg:z-auto">
        <label htmlFor="dashboard-drawer" className="drawer-overlay">
          <span className="sr-only">Close the dashboard menu</span>
        </label>
        <nav aria-label="Dashboard" className="min-h-full w-64 bg-base-200 p-4">
          <ul className="menu w-full gap-1">
            {USER_ENTRIES.map((entry) => (
              <MenuEntry key={entry.to} {...entry} />
            ))}
            {admin.isPending && user ? (
              <li className="px-4 py-2" aria-live="polite">
                <span className="loading loading-dots loading-sm" aria-hidden="true" />
                <span className="sr-only">Checking admin access…</span>
              </li>
            ) : null}
            {admin.data ? ADMIN_ENTRIES.map((entry) => <MenuEntry key={entry.to} {...entry} />) : null}
          </ul>
        </nav>
      </div>
    </div>
  );
}
