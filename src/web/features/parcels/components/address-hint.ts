import { useLingui } from '@lingui/react/macro';
import { checkAddress } from '#shared/address-quality.ts';

/**
 * What the booking form says under the recipient's address as it is typed (issue 44, R-ADDRESS-QUALITY,
 * decision 170): a hint, never a refusal, when the address is vague or only the area's name. The form knows
 * the area as its field reads ("Mirpur, Dhaka"); the server checks again with every name the area has.
 */
export function useAddressHint(address: string, area: string): string | undefined {
  const { t } = useLingui();
  if (address.trim() === '') return undefined;
  const { level } = checkAddress(address, [area]);
  if (level === 'bare')
    return t`This is only the area’s name. Add a house or holding number and a road, block or landmark, so the rider finds it.`;
  if (level === 'vague') return t`Add a house or holding number and a road, block or landmark, so the rider finds it.`;
  return undefined;
}
