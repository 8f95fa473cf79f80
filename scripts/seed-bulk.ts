// npm run seed:bulk -- <count>
// Adds <count> made-up products, spread over the demo categories, to the configured database
// (DATABASE_URL, else the embedded one in DATA_DIR), to measure the catalogue at a real shop's size.
// Stop the server first when it uses the embedded database: only one process may open it. Like
// `npm start`, it first builds what is stale, so a new DATA_DIR starts from the current migrations.
import { DEMO_CATEGORIES } from '#server/db/demo-data.ts';
import { categories, products } from '#server/db/schema.ts';
import { LIMITS } from '#shared/limits.ts';
import { runWithConfiguredDatabase } from './with-configured-database.ts';

const USAGE = 'Usage: npm run seed:bulk -- <count>   (1 to 1000000 products)';
const BATCH = 500;

const BRANDS = ['Aero', 'Titan', 'Vista', 'Glide', 'Key', 'Mesh', 'Sound', 'Clear', 'Vault', 'Core', 'Hub', 'Nova'];
const KINDS: Record<(typeof DEMO_CATEGORIES)[number], string[]> = {
  Computers: ['Laptop', 'Desktop PC', 'Mini PC', 'Workstation', 'Chromebook'],
  Monitors: ['Monitor', 'Ultrawide Display', 'Portable Screen', 'Touch Display'],
  Networking: ['Router', 'Mesh Node', 'Network Switch', 'Access Point', 'Powerline Adapter'],
  Audio: ['Headphones', 'Earbuds', 'Speaker', 'Soundbar', 'Conference Microphone'],
  Accessories: ['Mouse', 'Keyboard', 'USB-C Dock', 'Webcam', 'Portable SSD', 'Laptop Stand'],
};
const TRAITS = ['wireless', 'compact', 'quiet', 'rugged', 'energy-saving', 'fast-charging', 'aluminium', 'ergonomic'];

/** The n-th made-up product: names and descriptions vary enough for the search to have work to do. */
function madeUp(n: number, categoryIds: Map<string, string>, owner: { email: string; name: string }, now: number) {
  const category = DEMO_CATEGORIES[n % DEMO_CATEGORIES.length] ?? 'Accessories';
  const kinds = KINDS[category];
  const kind = kinds[Math.floor(n / DEMO_CATEGORIES.length) % kinds.length] ?? 'Gadget';
  const brand = BRANDS[n % BRANDS.length] ?? 'Nova';
  const trait = TRAITS[(n * 7) % TRAITS.length] ?? 'compact';
  const minQuantity = 1 + (n % 3);
  return {
    name: `${brand} ${kind} ${100 + (n % 900)}-${Math.floor(n / 900)}`,
    description: `A ${trait} ${kind.toLowerCase()} for offices and delivery teams, model ${n}. Two-year warranty.`,
    priceCents: 999 + ((n * 7919) % 299_000),
    minQuantity,
    maxQuantity: minQuantity + 10 + (n % 40),
    // About one in ten is sold out, so "in stock only" filters something.
    availableQuantity: n % 10 === 0 ? 0 : (n * 31) % 500,
    picture: '/images/products/vault-ssd-2tb.svg',
    categoryId: categoryIds.get(category) ?? null,
    ownerEmail: owner.email,
    ownerName: owner.name,
    createdAt: new Date(now - n * 1000),
  };
}

const count = Number(process.argv[2]);
if (!Number.isInteger(count) || count < 1 || count > LIMITS.quantityMax) {
  console.error(USAGE);
  process.exit(2);
}

runWithConfiguredDatabase(async ({ db }, config) => {
  await db
    .insert(categories)
    .values(DEMO_CATEGORIES.map((name) => ({ name })))
    .onConflictDoNothing();
  const categoryIds = new Map((await db.select().from(categories)).map((category) => [category.name, category.id]));
  const owner = { email: config.admin?.email ?? 'catalogue@shop.local', name: `${config.shopName} catalogue` };
  const now = Date.now();
  for (let start = 0; start < count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, index) =>
      madeUp(start + index, categoryIds, owner, now),
    );
    await db.insert(products).values(batch);
  }
  // Fresh statistics, so the planner knows the table's size at once.
  await db.execute('analyze products');
  console.log(`Added ${count} products.`);
  return 0;
});
