import { badRequest } from '#server/http/errors.ts';
import type { Area } from '#shared/area.ts';
import { PARCEL_CURRENCY } from '#shared/parcel-services.ts';
import { QUOTE_MESSAGES, type Quote, type QuoteQuery } from '#shared/quote.ts';
import { findArea } from '../areas/places.ts';
import { zoneBetween } from '../areas/zones.ts';
import { type Pricing, quoteOptions } from './quote.ts';

/** The areas two fields name, or a 400 naming each field that names none (R-COVERAGE). */
export function findAreas<Field extends string>(named: Record<Field, string>): Record<Field, Area> {
  const found: Partial<Record<Field, Area>> = {};
  const problems: Record<string, string> = {};
  for (const [field, typed] of Object.entries(named) as [Field, string][]) {
    const area = findArea(typed);
    if (area === 'unknown') problems[field] = QUOTE_MESSAGES.unknownArea(typed.trim());
    else if ('ambiguous' in area)
      problems[field] = QUOTE_MESSAGES.ambiguousArea(typed.trim(), area.ambiguous[0]?.district.name ?? '');
    else found[field] = area;
  }
  const [first] = Object.values(problems);
  if (first) throw badRequest(first, problems);
  return found as Record<Field, Area>;
}

/** `GET /api/quote` (R-QUOTE): every service's price and delivery days for one parcel between two areas. */
export function quoteParcel(pricing: Pricing, query: QuoteQuery): Quote {
  const { from, to } = findAreas({ from: query.from, to: query.to });
  const zone = zoneBetween(from, to);
  return {
    currency: PARCEL_CURRENCY,
    zone,
    from: from.id,
    to: to.id,
    options: quoteOptions(pricing, zone, query.weightGrams, query.codAmount),
  };
}
