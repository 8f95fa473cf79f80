import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Link, NavLink } from 'react-router';
import { isPhoneOnlyEmail, localMobile } from '#shared/phone-account.ts';
import { signOut } from '#web/features/auth/api/sign-out.ts';
import type { SignedInUser } from '#web/features/auth/api/use-session.ts';
import { useViewer } from '#web/features/auth/api/use-viewer.ts';
import { SHOP_NAME } from '#web/lib/shop.ts';
import { NavbarCartSlot } from '../cart-action.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';

const LINKS = [
  { to: '/', label: msg`Home` },
  // Not among R-NAV's entries: the catalogue (R-CATALOGUE) sits next to Home; R-NAV's entries keep their order.
  { to: '/products', label: msg`Products` },
  { to: '/blog', label: msg`Blogs` },
  { to: '/dashboard', label: msg`Dashboard` },
  { to: '/about', label: msg`About Me` },
  // Not among R-NAV's entries either: a courier’s visitors come to track a parcel (R-TRACK-EVERYWHERE).
  { to: '/track', label: msg`Track` },
] as const;

function NavLinks() {
  const { i18n } = useLingui();
  return LINKS.map((link) => (
    <li key={link.to}>
      <NavLink to={link.to} end={link.to === '/'} className={({ isActive }) => (isActive ? 'menu-active' : '')}>
        {i18n._(link.label)}
      </NavLink>
    </li>
  ));
}

function AvatarMenu({ user }: { user: SignedInUser }) {
  const queryClient = useQueryClient();
  // A phone account's email is a placeholder (decision 160): its menu names the number.
  const shownAs = isPhoneOnlyEmail(user.email) && user.phoneNumber ? localMobile(user.phoneNumber) : user.email;
  return (
    <div className="dropdown dropdown-end">
      <button type="button" className="btn btn-ghost btn-circle avatar">
        {/* Named by its text: the visible initials come first in the name, as voice control users say them (WCAG 2.5.3). */}
        {user.image ? (
          <span className="w-10 rounded-full">
            <img src={user.image} alt="" width={40} height={40} referrerPolicy="no-referrer" />
          </span>
        ) : (
          <span
            className="flex h-10 w-10 items-center justify-center rounded-full bg-primary font-semibold text-primary-content uppercase"
            data-testid="avatar-initials"
          >
            {user.email.slice(0, 2)}
          </span>
        )}
        <span className="sr-only">
          <Trans>Account menu for {shownAs}</Trans>
        </span>
      </button>
      <ul className="menu dropdown-content z-30 mt-3 w-52 rounded-box bg-base-100 p-2 shadow-lg">
        <li>
          <Link to="/userProfile" className="justify-between">
            <Trans>
              Profile
              <span className="badge badge-accent badge-sm">New</span>
            </Trans>
          </Link>
        </li>
        <li>
          <Link to="/settings">
            <Trans>Settings</Trans>
          </Link>
        </li>
        <li>
          <button type="button" onClick={() => signOut(queryClient, '/login')}>
            <Trans>Logout</Trans>
          </button>
        </li>
      </ul>
    </div>
  );
}

export function Navbar() {
  const { t } = useLingui();
  const { user, isPending } = useViewer();
  return (
    <header className="navbar sticky top-0 z-20 border-b border-base-300 bg-base-100/95 px-2 backdrop-blur sm:px-4">
      <div className="navbar-start">
        <div className="dropdown lg:hidden">
          <button type="button" className="btn btn-ghost btn-square" aria-label={t`Open menu`}>
            <svg
              xmlns="http://www.w3.org/2000/svg"
              className="h-6 w-6"
              fill="none"
              viewBox="0 0 24 24"
              stroke="currentColor"
              aria-hidden="true"
            >
              <path strokeLinecap="round" strokeLinejoin="round" strokeWidth={2} d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
          <ul className="menu dropdown-content z-30 mt-3 w-52 rounded-box bg-base-100 p-2 shadow-lg">
            <NavLinks />
          </ul>
        </div>
        <Link to="/" className="btn btn-ghost px-1 font-display text-lg font-bold text-primary sm:px-2 sm:text-xl">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {SHOP_NAME}
        </Link>
      </div>
      <nav className="navbar-center hidden lg:flex" aria-label={t`Main`}>
        <ul className="menu menu-horizontal gap-1 px-1 font-medium">
          <NavLinks />
        </ul>
      </nav>
      <div className="navbar-end gap-1">
        <LanguageSwitch />
        <NavbarCartSlot />
        {/* As wide as Login (in either language) from the first paint: the session check answering
            after the page shows must not move the buttons beside it from under a visitor's tap. */}
        <div className="flex min-w-16 justify-end sm:min-w-20">
          {isPending ? (
            <span role="status" className="loading loading-dots loading-sm" aria-label={t`Checking your session`} />
          ) : user ? (
            <AvatarMenu user={user} />
          ) : (
            <Link to="/login" className="btn btn-primary btn-sm sm:btn-md">
              <Trans>Login</Trans>
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
