import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { textField } from './text-field.ts';
import { englishText } from './translate.ts';

/**
 * Where the shop picks up and delivers (issue 28): Bangladesh's divisions, districts and their
 * upazilas and the big cities' thanas, each area named in English and Bangla.
 */
export const placeSchema = z.object({ id: z.string(), name: z.string(), nameBn: z.string() });

export const areaSchema = placeSchema.extend({
  district: placeSchema,
  division: placeSchema,
  city: z.boolean().describe('A city thana of Dhaka or Chattogram: parcels between two of one city are same-city.'),
  homeDelivery: z.boolean().describe('Parcels are delivered to the door here.'),
  pickup: z.boolean().describe('Couriers pick parcels up here.'),
});
export type Area = z.infer<typeof areaSchema>;

/**
 * `GET /api/v1/areas` (issue 41): every area a parcel is booked from or to, within its district within its
 * division, each with the id a quote and a booking take (`areaId`), its names and its flags as the data has them.
 */
export const areaDirectorySchema = z.object({
  divisions: z.array(
    placeSchema.extend({
      districts: z.array(
        placeSchema.extend({
          areas: z.array(
            areaSchema
              .omit({ district: true, division: true })
              .extend({ id: z.string().describe('The areaId of a booking’s pickup or recipient, and a quote’s from or to.') }),
          ),
        }),
      ),
    }),
  ),
});
export type AreaDirectory = z.infer<typeof areaDirectorySchema>;

/** A place with its district's name: what the address form suggests and the server reads back (R-COVERAGE). */
export const namedPlaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameBn: z.string(),
  district: z.object({ name: z.string(), nameBn: z.string() }),
});
export type NamedPlace = Omit<z.infer<typeof namedPlaceSchema>, 'id'>;

/**
 * A place below the area that people write instead of it (issue 42, decision 158): a neighbourhood of a
 * big city, a post office with its postcode, or a union. The area it comes with prices it.
 */
export const placeBelowSchema = z.object({
  kind: z.enum(['neighbourhood', 'post-office', 'union']),
  name: z.string(),
  nameBn: z.string().describe('The Bangla name; a post office has none in the source and repeats its English name.'),
  postcode: z.number().int().optional(),
});
export type PlaceBelow = z.infer<typeof placeBelowSchema>;

/** One suggestion of `GET /api/coverage`: an area, or a place within it (`place`) that the area prices. */
export const coverageSuggestionSchema = areaSchema.extend({
  place: placeBelowSchema
    .optional()
    .describe(
      'The neighbourhood, post office or union the search found, within this area; absent when the area itself was found.',
    ),
});
export type CoverageSuggestion = z.infer<typeof coverageSuggestionSchema>;

/** `GET /api/coverage?q=`: a typed place name, in English or Bangla, for the address form's suggestions. */
export const coverageQuerySchema = z.object({
  q: textField('q', { error: /*i18n*/ 'Type part of a place’s name' })
    .trim()
    .min(1, /*i18n*/ 'Type part of a place’s name')
    .max(
      LIMITS.placeSearchMaxLength,
      englishText(/*i18n*/ 'q must be at most {max} characters', { max: LIMITS.placeSearchMaxLength }),
    ),
});
