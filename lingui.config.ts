import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The shop's two languages (decision 61): English, in which the code is written and which keeps the
 * spec's texts exactly, and Bangla. `npm run i18n:extract` brings new texts in from the code. The
 * texts are kept in five PO catalogues per language, by who reads them where:
 * - web: the words of every page's frame and of the pages a first visit opens (the home page, the
 *   catalogue, a product, the cart, signing in), loaded by every page;
 * - pages: the words of the pages that load their code on demand (about, the blog, the newsletter,
 *   every signed-in and admin page), loaded with them;
 * - blog: the articles, loaded by the blog's pages;
 * - shared: the rules' messages both the forms and the API give (src/shared), loaded by Bangla pages
 *   (an English page shows them as the code writes them);
 * - parcels: the parcel pages' words and the parcels' rules and steps (issues 28, 29), loaded with those pages;
 * - server: the mails and the API's own refusals, never sent to a browser.
 */
const BLOG = '<rootDir>/src/web/features/marketing/blog';
const WEB = '<rootDir>/src/web';
/** The files of the `pages` catalogue: none of them is imported by a page the `web` catalogue serves. */
const PAGES = [
  `${WEB}/features/marketing/pages`,
  `${WEB}/features/orders`,
  `${WEB}/features/payments`,
  `${WEB}/features/mail`,
  `${WEB}/features/users/pages`,
  `${WEB}/features/users/api/use-users.ts`,
  `${WEB}/features/auth/components/RequireRole.tsx`,
  `${WEB}/features/reviews/pages`,
  `${WEB}/features/products/pages/ManageProductsPage.tsx`,
  `${WEB}/features/products/pages/AddProductPage.tsx`,
  `${WEB}/features/products/pages/EditProductPage.tsx`,
  `${WEB}/features/products/components/CategoriesSection.tsx`,
  `${WEB}/features/products/components/ProductForm.tsx`,
  `${WEB}/features/auth/pages/SettingsPage.tsx`,
  // Sign-in by mobile number (issue 42): its page's words load with it, not with every page.
  `${WEB}/features/auth/pages/PhoneSignInPage.tsx`,
  `${WEB}/features/auth/components/PhoneCodeForm.tsx`,
  `${WEB}/features/auth/components/PhoneNumberForm.tsx`,
  '<rootDir>/src/shared/phone-account.ts',
  '<rootDir>/src/shared/phone-sign-in.ts',
  `${WEB}/features/cart/pages/CheckoutPage.tsx`,
  `${WEB}/app/layouts/DashboardLayout.tsx`,
  // The weekly outcomes' chart (issue 44): on the merchant page and the admin Overview, both dashboard pages.
  `${WEB}/components/WeeklyOutcomes.tsx`,
  `${WEB}/app/routes/OrderAdminRoutes.tsx`,
  `${WEB}/app/routes/MyOrdersRoute.tsx`,
  // The heads of the pages: only the server's renderer writes them.
  `${WEB}/app/page-head.ts`,
];
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
/**
 * The parcels' pages and rules (issue 28), a catalogue of their own: they load with the parcel pages,
 * not with every Bangla page nor with the other on-demand pages.
 */
const PARCELS = [
  `${WEB}/features/parcels`,
  `${WEB}/features/freight`,
  `${WEB}/features/payments/components/FeeCardPayment.tsx`,
  `${WEB}/app/routes/ParcelRoutes.tsx`,
  // Merchants (issue 30): their pages and rules load with the parcels'.
  `${WEB}/features/merchants`,
  `${WEB}/app/routes/MerchantRoutes.tsx`,
  // A refused upload's lines: the rate card's and the payout result files', both parcel-catalogue pages.
  `${WEB}/components/FileRefusal.tsx`,
  '<rootDir>/src/shared/merchant.ts',
  '<rootDir>/src/shared/bulk-booking.ts',
  '<rootDir>/src/shared/consignment-batch.ts',
  '<rootDir>/src/shared/quote.ts',
  '<rootDir>/src/shared/consignment.ts',
  // The mobile number's rule: the parcels' forms and the phone sign-in page (which loads this catalogue too).
  '<rootDir>/src/shared/bd-mobile.ts',
  '<rootDir>/src/shared/parcel-forms.ts',
  '<rootDir>/src/shared/pickup.ts',
  '<rootDir>/src/shared/freight.ts',
  // Tracking (issue 29): the statuses, the steps' texts and the lookups' rules.
  '<rootDir>/src/shared/consignment-status.ts',
  '<rootDir>/src/shared/parcel-events.ts',
  '<rootDir>/src/shared/tracking.ts',
  // Return requests (issue 41): their statuses and rules, read on the parcel's page and Operations.
  '<rootDir>/src/shared/return-request.ts',
  // Confirm before pickup (issue 44): the recipient's page and the parcel's page read its rules.
  '<rootDir>/src/shared/recipient-confirmation.ts',
  // Bags between hubs (issue 43): the Bags pages read their rules.
  '<rootDir>/src/shared/bag.ts',
  // Payout files and the reconciliation (issue 45): the admin Merchants page reads their rules and reasons.
  '<rootDir>/src/shared/payout-files.ts',
  '<rootDir>/src/shared/reconciliation.ts',
  '<rootDir>/src/shared/routing-number.ts',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'bn'],
  catalogs: [
    { path: '<rootDir>/src/locales/web/{locale}', include: [WEB], exclude: [...TESTS, BLOG, ...PAGES, ...PARCELS] },
    { path: '<rootDir>/src/locales/pages/{locale}', include: PAGES, exclude: [...TESTS, ...PARCELS] },
    { path: '<rootDir>/src/locales/parcels/{locale}', include: PARCELS, exclude: TESTS },
    { path: '<rootDir>/src/locales/blog/{locale}', include: [BLOG], exclude: TESTS },
    {
      path: '<rootDir>/src/locales/shared/{locale}',
      include: ['<rootDir>/src/shared'],
      exclude: [...TESTS, ...PARCELS, ...PAGES],
    },
    { path: '<rootDir>/src/locales/server/{locale}', include: ['<rootDir>/src/server'], exclude: TESTS },
  ],
  format: formatter({ lineNumbers: false }),
});
