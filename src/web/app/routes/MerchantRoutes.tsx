import { useLingui } from '@lingui/react/macro';
import { Spinner } from '#web/components/Spinner.tsx';
import { useViewer } from '#web/features/auth/api/use-viewer.ts';
import type { AreaInput } from '#web/features/merchants/components/ApplicationForm.tsx';
import { MerchantPage } from '#web/features/merchants/pages/MerchantPage.tsx';
import { AreaField } from '#web/features/parcels/components/AreaField.tsx';
import { SERVICE_NAMES } from '#web/features/parcels/components/service-names.ts';
import { useProfile } from '#web/features/users/api/use-profile.ts';

/** The merchant's pickup area, typed with the parcels' place search. */
const areaInput: AreaInput = (props) => <AreaField {...props} />;

/** The merchant page, its application starting from the account's name and phone (issue 30). */
export function MerchantRoute() {
  const { t } = useLingui();
  const { user } = useViewer();
  const profile = useProfile(user?.email);
  if (!user || profile.isPending) return <Spinner label={t`Loading your details`} />;
  return (
    <MerchantPage
      areaInput={areaInput}
      sender={{ name: user.name, phone: profile.data?.phoneNumber ?? '' }}
      serviceNames={SERVICE_NAMES}
    />
  );
}
