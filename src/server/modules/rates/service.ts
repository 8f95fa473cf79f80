import { badRequest } from '#server/http/errors.ts';
import type { Area } from '#shared/area.ts';
import { PARCEL_CURRENCY, SERVICE_RULES, SERVICES, ZONES } from '#shared/parcel-services.ts';
import { QUOTE_MESSAGES, type Quote, type QuoteQuery, type ServiceCatalogue } from '#shared/quote.ts';
import { findArea } from '../areas/places.ts';
import { zoneBetween } from '../areas/zones.ts';
import { type Pricing, quoteOptions } from './quote.ts';
import { heaviestPriced, type RateCard } from './rate-card.ts';

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

/** What one service takes and promises, as `GET /api/v1/services` gives it without its names. */
export type ServiceTerms = Omit<ServiceCatalogue['services'][number], 'name' | 'nameBn'>;

/**
 * Every service's terms (issue 41, R-PARCEL-SERVICES): its rules' weights, cut-off and working days, in the
 * zones it reaches where `card` prices it, a zone's heaviest parcel the lighter of the rule's and the card's:
 * what a quote offers, so nothing here is offered that a quote refuses for its zone or weight.
 */
export function serviceTerms(card: RateCard): ServiceTerms[] {
  return SERVICES.map((service) => {
    const rule = SERVICE_RULES[service];
    return {
      service,
      minGrams: rule.minGrams,
      bookedBeforeHour: rule.cutOffHour ?? null,
      zones: ZONES.flatMap((zone) => {
        const transit = rule.transit[zone];
        const priced = heaviestPriced(card, service, zone);
        if (!transit || priced === undefined || priced < rule.minGrams) return [];
        const [earliest, latest] = transit;
        return [{ zone, workingDays: { earliest, latest }, maxGrams: Math.min(rule.maxGrams, priced) }];
      }),
    };
  });
}
