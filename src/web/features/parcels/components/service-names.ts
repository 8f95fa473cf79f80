import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { SERVICE_NAMES as NAMES, SERVICES, type Service, type Zone } from '#shared/parcel-services.ts';

/**
 * The services as customers read them (R-PARCEL-SERVICES): the shared names (the merchant API gives them
 * too), whose English text is their message's id in the shared catalogue.
 */
export const SERVICE_NAMES = Object.fromEntries(SERVICES.map((service) => [service, { id: NAMES[service] }])) as Record<
  Service,
  MessageDescriptor
>;

/** What each service promises, beside its price. */
export const SERVICE_PROMISES: Record<Service, MessageDescriptor> = {
  'same-day': msg`Delivered today within the city, booked before noon on a working day.`,
  express: msg`Within 4 working days anywhere in the country, tracked at every hub.`,
  standard: msg`Our most economical service for parcels up to 25 kg.`,
  cargo: msg`From 10 kg, priced by weight: pallets, stock and bulk goods.`,
  premium: msg`Door to door with a dedicated handler, delivered between 10:00 and 13:00.`,
};

export const ZONE_NAMES: Record<Zone, MessageDescriptor> = {
  'same-city': msg`Within the city`,
  suburb: msg`City and suburbs`,
  nationwide: msg`Nationwide`,
};
