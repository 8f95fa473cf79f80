import { adminParcelsFieldsSchema } from '#shared/parcel-lists.ts';
import type { AllParcelsFilter } from '../api/use-all-parcels.ts';

/**
 * What a count on Operations opens (R-OPERATIONS-LISTS), read from the address it links to; never a search,
 * which stays out of addresses (decision 127). An address a person changed by hand into nonsense opens every parcel.
 */
const linkedFilterSchema = adminParcelsFieldsSchema.omit({ q: true, cursor: true });

export function filterInAddress(address: URLSearchParams): AllParcelsFilter {
  const read = linkedFilterSchema.safeParse(Object.fromEntries(address));
  return read.success ? read.data : {};
}

/** The part of a filter only Operations' links set: the Parcels page names it and puts it aside on request. */
export function operationsFilter({ stuck, failed, rider, cashHeld, hubList }: AllParcelsFilter): AllParcelsFilter {
  return { stuck, failed, rider, cashHeld, hubList };
}

/** The address of the parcels a count on Operations stands for. */
export function parcelsOpened(filter: AllParcelsFilter): string {
  const given = Object.entries(filter).filter((field): field is [string, string] => typeof field[1] === 'string');
  return `/dashboard/allParcels?${new URLSearchParams(given)}`;
}
