import { msg } from '@lingui/core/macro';

/**
 * The company's own contact details and founder, shown on the about page, in the footer and (the founder's note) on the profile page.
 * A shop running this code puts its real details here.
 */
export const COMPANY = {
  email: 'hello@swiftcargo.example',
  phone: '+880 9612-345678',
  phoneHref: 'tel:+8809612345678',
  address: msg`House 12, Road 7, Tejgaon Industrial Area, Dhaka 1208, Bangladesh`,
  hours: msg`Saturday to Thursday, 9:00 to 18:00`,
  founder: {
    name: 'Arif Hossain',
    role: msg`Founder and managing director`,
    email: 'arif.hossain@swiftcargo.example',
    education: 'CSE',
  },
} as const;

/**
 * The fixed marketing figures (R-LIMITS), shown in the delivery strip and on the about page: numbers,
 * so each language writes them in its digits ("490+" is `subDistricts` and a plus).
 */
export const DELIVERY_FIGURES = {
  districts: 64,
  subDistricts: 490,
  expressWorkingDays: 4,
  codChargePercent: 1.5,
  payoutDay: msg`Tuesday`,
} as const;
