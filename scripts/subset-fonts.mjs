// `npm run fonts:subset`: writes the small Inter file the first paint uses (src/web/fonts/, committed)
// from @fontsource's Latin file: printable ASCII and the punctuation the shop's texts use, and of the
// variable weight axis the part the shop uses (400 to 700: normal, medium, semibold, bold). Other
// characters come from the full Latin file, which the browser fetches only for a page that has one
// (unicode-range in src/web/fonts.css). Decision 0038.
// Also the few Bengali letters English pages show (the switcher's "বাংলা", the offer of the Bangla
// page), from Noto Sans Bengali: English pages never load the Bangla pages' font, and a system with no
// Bengali font would show empty boxes (R-LANGUAGES).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';

/** Keep in step with the first-paint face's font-weight in src/web/fonts.css. */
export const FIRST_PAINT_WEIGHTS = { min: 400, max: 700 };

/** Keep in step with the first-paint face's unicode-range in src/web/fonts.css (a test compares them). */
export const FIRST_PAINT_CHARACTERS = `${String.fromCharCode(...Array.from({ length: 0x5f }, (_, index) => 0x20 + index))}’‘“”…→←—–·•×−²©®™°€£`;

const source = createRequire(import.meta.url).resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
const target = new URL('../src/web/fonts/inter-first-paint-wght.woff2', import.meta.url);

/** The first-paint subset of Inter, made from @fontsource's Latin file (the same bytes every time). */
export const makeFirstPaintFont = () =>
  subsetFont(readFileSync(source), FIRST_PAINT_CHARACTERS, {
    targetFormat: 'woff2',
    variationAxes: { wght: FIRST_PAINT_WEIGHTS },
  });

/**
 * Keep in step with the Bengali words English pages show (src/web/app/layouts/LanguageSwitch.tsx,
 * LanguageOffer.tsx), and the taka sign of the parcels' prices (৳, which Inter lacks).
 */
export const ENGLISH_PAGES_BANGLA = 'বাংলা এই দোকানটি বাংলাতেও পড়া যায়। ভাষা ৳';

const banglaSource = createRequire(import.meta.url).resolve(
  '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2',
);
const banglaTarget = new URL('../src/web/fonts/bangla-on-english-pages.woff2', import.meta.url);

/** The Bengali letters of ENGLISH_PAGES_BANGLA, with the shapes their joined forms need (the same bytes every time). */
export const makeEnglishPagesBanglaFont = () =>
  subsetFont(readFileSync(banglaSource), ENGLISH_PAGES_BANGLA, { targetFormat: 'woff2' });

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const subset = await makeFirstPaintFont();
  writeFileSync(target, subset);
  console.log(
    `Inter for the first paint: ${readFileSync(source).length} → ${subset.length} bytes (${FIRST_PAINT_CHARACTERS.length} characters)`,
  );
  const bangla = await makeEnglishPagesBanglaFont();
  writeFileSync(banglaTarget, bangla);
  console.log(`Bengali on English pages: ${readFileSync(banglaSource).length} → ${bangla.length} bytes`);
}
