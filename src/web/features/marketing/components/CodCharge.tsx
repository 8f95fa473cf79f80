import { useLingui } from '@lingui/react';
import { DELIVERY_FIGURES } from '../company.ts';

/** The cash-on-delivery charge as a percentage in the page's digits: "1.5%", "১.৫%". */
export function useCodCharge(): string {
  const { i18n } = useLingui();
  return i18n.number(DELIVERY_FIGURES.codChargePercent / 100, { style: 'percent', maximumFractionDigits: 1 });
}

export function CodCharge() {
  return useCodCharge();
}
