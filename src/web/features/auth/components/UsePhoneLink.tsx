import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';

/** "Use your mobile number" under the login and sign-up forms (R-PHONE-SIGN-IN): a page of its own, so it opens without JavaScript. */
export function UsePhoneLink({ to, returnPath }: { to: '/login/phone' | '/signup/phone'; returnPath: string }) {
  return (
    <Link to={to} state={{ from: returnPath }} className="btn btn-outline w-full gap-2">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
        <rect x="6" y="2" width="12" height="20" rx="2" />
        <path d="M11 18h2" strokeLinecap="round" />
      </svg>
      <Trans>Use your mobile number</Trans>
    </Link>
  );
}
