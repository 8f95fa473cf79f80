import { createHash } from 'node:crypto';
import { BULK_COLUMNS, type BulkColumn, type ColumnChoices, OPTIONAL_BULK_COLUMNS } from '#shared/bulk-booking.ts';
import { LIMITS } from '#shared/limits.ts';
import { findAreaForgiving } from '../areas/places.ts';
import { suggestPlaces } from '../areas/suggestions.ts';

/**
 * The shapes of file a merchant's bulk booking reads (R-BULK-BOOKING, issue 41, decision 164): our
 * template, the order exports shops already have (WooCommerce's, Shopify's), or any other whose columns
 * the merchant chose once. Each turns a line of the file into the template's cells, so every file is then
 * checked and priced the same way.
 */
export type ParcelCells = Partial<Record<BulkColumn, string>>;

export interface FileShape {
  format: 'template' | 'woocommerce' | 'shopify' | 'chosen';
  /** The template's cells of one line. */
  cellsOf(cells: string[]): ParcelCells;
  /**
   * The order a line belongs to, when an order may take several lines (Shopify writes one line per item,
   * the later ones without the customer): the lines of one order follow each other and make one parcel.
   */
  orderOf?(cells: string[]): string;
}

/** A column's name in plain words: "Shipping Address 1" and `shipping_address_1` read alike. */
export const plainColumn = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

/** Other ways a spreadsheet names one of our columns ("Recipient Name", "Weight", "COD"). */
const COLUMN_ALIASES: Record<string, BulkColumn> = {
  name: 'recipient_name',
  recipient: 'recipient_name',
  weight: 'weight_kg',
  cod: 'cod_taka',
  cod_amount: 'cod_taka',
  invoice_number: 'invoice',
  description: 'item_description',
  item: 'item_description',
  items: 'quantity',
  qty: 'quantity',
  declared_value: 'declared_value_taka',
  value: 'declared_value_taka',
  alt_phone: 'alternative_phone',
  alternate_phone: 'alternative_phone',
  recipient_email: 'email',
};

/** Whether every column a parcel needs is there; a weight may come from the form instead (`withWeight`). */
const isComplete = (columns: Map<BulkColumn, number>, withWeight = false) =>
  BULK_COLUMNS.every(
    (column) => columns.has(column) || OPTIONAL_BULK_COLUMNS.includes(column) || (withWeight && column === 'weight_kg'),
  );

const cellsAt =
  (columns: Map<BulkColumn, number>) =>
  (cells: string[]): ParcelCells =>
    Object.fromEntries([...columns].map(([column, at]) => [column, (cells[at] ?? '').trim()]));

/** Our template's columns, in any order, under their names or the usual other names. */
function templateShape(header: string[]): FileShape | undefined {
  const columns = new Map<BulkColumn, number>();
  for (const [at, cell] of header.entries()) {
    const plain = plainColumn(cell);
    const column = (BULK_COLUMNS as readonly string[]).includes(plain) ? (plain as BulkColumn) : COLUMN_ALIASES[plain];
    if (column && !columns.has(column)) columns.set(column, at);
  }
  return isComplete(columns) ? { format: 'template', cellsOf: cellsAt(columns) } : undefined;
}

/** Reads a line's cells by the file's own column names in plain words; a column the file lacks is empty. */
function namedCells(header: string[]) {
  const at = new Map<string, number>();
  for (const [index, cell] of header.entries()) if (!at.has(plainColumn(cell))) at.set(plainColumn(cell), index);
  const has = (name: string) => at.has(name);
  const reader =
    (cells: string[]) =>
    (...names: string[]) => {
      for (const name of names) {
        const index = at.get(name);
        const cell = index === undefined ? '' : (cells[index] ?? '').trim();
        if (cell !== '') return cell;
      }
      return '';
    };
  return { has, reader };
}

/** Shopify writes a postcode as text ("'1216") so a spreadsheet keeps its leading zeros. */
const postcodeOf = (zip: string) => zip.replace(/[^0-9০-৯]/g, '');

/**
 * The area an order's address is in, as our area column names it: the post office of its postcode (the
 * most exact thing an address form gives), else its city and state, city or state matched to the coverage
 * forgiving their spelling (R-BULK-BOOKING). When none names one area, the city as written, so the line's
 * refusal says what to write instead (issue 42).
 */
export function orderArea(place: { postcode: string; city: string; state: string }): string {
  const postcode = postcodeOf(place.postcode);
  if (/^\d{4}$/.test(postcode)) {
    const office = suggestPlaces(postcode).find((found) => found.place?.kind === 'post-office');
    if (office) return office.id;
  }
  const { city, state } = place;
  for (const typed of [city && state ? `${city}, ${state}` : '', city, state]) {
    if (typed === '') continue;
    const area = findAreaForgiving(typed);
    if (area !== 'unknown' && !('ambiguous' in area)) return area.id;
  }
  return city || state;
}

/** An amount as a shop writes it ("৳1,250.00", "1250 BDT"), as our taka columns take it. */
const takaOf = (amount: string) => amount.replace(/[^0-9০-৯.]/g, '');

const joined = (...parts: string[]) => parts.filter((part) => part !== '').join(', ');
const words = (...parts: string[]) => parts.filter((part) => part !== '').join(' ');

/**
 * WooCommerce's order export (R-BULK-BOOKING): the column names of WooCommerce's own Order Import/Export
 * (`order_number`, `billing_first_name`, `shipping_address_1`, `payment_method`, `order_total`…) and the
 * common exporters' titles ("Order Number", "Billing First Name", "Shipping Address 1"…), which read alike in
 * plain words. One order a line; the shipping address, else the billing one. Cash is collected when it is
 * paid on delivery (`cod`, "Cash on delivery"), the order's total.
 */
function wooCommerceShape(header: string[]): FileShape | undefined {
  const { has, reader } = namedCells(header);
  const isWoo =
    (has('order_number') || has('order_id')) && (has('billing_first_name') || has('shipping_first_name')) && has('order_total');
  if (!isWoo) return undefined;
  return {
    format: 'woocommerce',
    cellsOf: (cells) => {
      const cell = reader(cells);
      const shipsElsewhere = cell('shipping_address_1') !== '';
      const side = (name: string) => (shipsElsewhere ? cell(`shipping_${name}`, `billing_${name}`) : cell(`billing_${name}`));
      const cashOnDelivery =
        cell('payment_method').toLowerCase() === 'cod' || /cash on delivery/i.test(cell('payment_method_title'));
      return {
        invoice: cell('order_number', 'order_id').replace(/^#/, ''),
        recipient_name: words(side('first_name'), side('last_name')),
        phone: cell('shipping_phone', 'billing_phone', 'phone'),
        address: joined(side('address_1'), side('address_2')),
        area: orderArea({ postcode: side('postcode'), city: side('city'), state: side('state') }),
        cod_taka: cashOnDelivery ? takaOf(cell('order_total')) : '0',
        note: cell('customer_note', 'customer_provided_note', 'order_note'),
        item_description: cell('item_name', 'product_name', 'products', 'item_s'),
        quantity: cell('quantity', 'item_quantity', 'items_count', 'qty'),
        email: cell('billing_email', 'customer_email', 'email'),
      };
    },
  };
}

/**
 * Shopify's order export (Orders → Export, R-BULK-BOOKING): `Name` ("#1001"), `Financial Status`,
 * `Total`, `Lineitem quantity`, `Lineitem name`, `Shipping Name`, `Shipping Address1`/`2`, `Shipping City`,
 * `Shipping Zip`, `Shipping Province`, `Shipping Phone`, `Notes`, `Payment Method`… One line per item: an
 * order's later lines repeat its Name with the customer's cells empty, and make one parcel with the first.
 * It gives no weight. Cash is collected for "Cash on Delivery (COD)" or an order not yet paid (pending).
 */
function shopifyShape(header: string[]): FileShape | undefined {
  const { has, reader } = namedCells(header);
  if (!(has('name') && has('financial_status') && has('lineitem_name') && has('shipping_address1'))) return undefined;
  return {
    format: 'shopify',
    orderOf: (cells) => reader(cells)('name'),
    cellsOf: (cells) => {
      const cell = reader(cells);
      const cashOnDelivery =
        /cash on delivery|\bcod\b/i.test(cell('payment_method', 'payment_gateway')) ||
        cell('financial_status').toLowerCase() === 'pending';
      const total = takaOf(cell('outstanding_balance', 'total'));
      return {
        invoice: cell('name').replace(/^#/, ''),
        recipient_name: cell('shipping_name', 'billing_name'),
        phone: cell('shipping_phone', 'billing_phone', 'phone'),
        address: joined(cell('shipping_address1', 'billing_address1'), cell('shipping_address2', 'billing_address2')),
        area:
          cell('shipping_address1', 'billing_address1') === ''
            ? ''
            : orderArea({
                postcode: cell('shipping_zip', 'billing_zip'),
                city: cell('shipping_city', 'billing_city'),
                state: cell('shipping_province_name', 'shipping_province', 'billing_province'),
              }),
        cod_taka: cashOnDelivery ? total : '0',
        note: cell('notes'),
        item_description: cell('lineitem_name'),
        quantity: cell('lineitem_quantity'),
        email: cell('email'),
      };
    },
  };
}

/**
 * A later line of one order joined to the parcel of its first (Shopify): its item named and counted too.
 * The names stop at what a parcel's description holds, so an order of many lines holds no more.
 */
export function withNextItem(parcel: ParcelCells, next: ParcelCells): ParcelCells {
  const most = LIMITS.itemDescriptionMaxLength;
  const named = [parcel.item_description, next.item_description].filter(Boolean).join(', ');
  const items = named.length > most ? `${named.slice(0, most - 1)}…` : named;
  const quantity = Number(parcel.quantity || 0) + Number(next.quantity || 0);
  return { ...parcel, item_description: items, quantity: quantity > 0 ? String(quantity) : parcel.quantity };
}

/**
 * A file's columns as the merchant chose them (issue 41): each of ours from the column of the file so
 * named, in any case or spacing, as the remembered choices' signature reads them. Undefined while a needed column is not chosen; a name the file lacks is reported by the caller.
 */
export function chosenShape(header: string[], choices: ColumnChoices): FileShape | undefined {
  const at = new Map(header.map((cell, index) => [plainColumn(cell), index] as const).reverse());
  const columns = new Map<BulkColumn, number>();
  for (const [column, name] of Object.entries(choices) as [BulkColumn, string][]) {
    const index = at.get(plainColumn(name));
    if (index !== undefined) columns.set(column, index);
  }
  // An export rarely has a weight column: the form's "weight when the file has none" stands in for it.
  return isComplete(columns, true) ? { format: 'chosen', cellsOf: cellsAt(columns) } : undefined;
}

/** What a file's columns are known as, whatever their order or spelling: none when it has none. */
export function knownShape(header: string[]): FileShape | undefined {
  return templateShape(header) ?? shopifyShape(header) ?? wooCommerceShape(header);
}

/**
 * The columns of a file in a few bytes (issue 41): the merchant's choices are remembered under it, and a
 * later file with the same columns, in any order or case, finds them.
 */
export function columnsSignature(header: string[]): string {
  const names = header.map(plainColumn).filter((name) => name !== '');
  return createHash('sha256')
    .update([...new Set(names)].sort().join('\n'))
    .digest('base64url');
}
