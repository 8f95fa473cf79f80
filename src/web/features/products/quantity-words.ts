import { englishText } from '#shared/translate.ts';

/**
 * How many of a product one order takes, in words (R-PRODUCT-PAGE). Kept apart from src/shared/messages.ts,
 * and as separate functions, so the home grid's cards load only the one they show (R-BUDGETS).
 */

/** On a card, when one unit is not enough. */
export const minimumOrderWords = (min: number) => englishText(/*i18n*/ 'Minimum order {min}', { min });

/** On the product page: "Order 3 to 10 at a time". */
export const quantityRuleWords = (min: number, max: number) =>
  min === max
    ? englishText(/*i18n*/ 'Order {min} at a time', { min })
    : englishText(/*i18n*/ 'Order {min} to {max} at a time', { min, max });
