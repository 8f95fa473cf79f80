import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';

/** The way back from the password pages to the login page. */
export function BackToLogin() {
  return (
    <p className="text-center text-sm">
      <Link to="/login" className="link link-primary">
        <Trans>Back to login</Trans>
      </Link>
    </p>
  );
}
