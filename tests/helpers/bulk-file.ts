/**
 * A merchant's bulk booking file (R-BULK-BOOKING) of `parcels` lines, as a spreadsheet would export it:
 * recipients across the country, some with cash to collect. `changes` puts other cells on some of its
 * parcels (1 is the first parcel, on line 2). Its invoice numbers are `invoicePrefix` and the parcel's
 * number: a merchant's numbers name one parcel each (decision 113), so a test's later files take others.
 * Plain TypeScript with no imports, so the benchmark
 * (scripts/bench.mjs) runs it on Node's own type stripping too.
 */
/** A cell as RFC 4180 writes it: quoted when it holds a comma or a quote, its quotes doubled. */
const quoted = (cell: string) => (/[",]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

export function bulkBookingFile(
  parcels: number,
  changes: Record<number, Record<string, string>> = {},
  invoicePrefix = 'INV-',
): string {
  const columns = ['invoice', 'recipient_name', 'phone', 'address', 'area', 'weight_kg', 'cod_taka', 'note'];
  const areas = ['Debidwar, Cumilla', 'Savar, Dhaka', 'Gulshan, Dhaka', 'Balaganj, Sylhet', 'Barura, Cumilla'];
  const lines = [columns.join(',')];
  for (let parcel = 1; parcel <= parcels; parcel++) {
    const cells: Record<string, string> = {
      invoice: `${invoicePrefix}${parcel}`,
      recipient_name: `Recipient ${parcel}`,
      phone: `0171${String(parcel).padStart(7, '0')}`,
      address: `House ${parcel}, Road ${parcel % 40}`,
      area: areas[parcel % areas.length] as string,
      weight_kg: String(0.25 * (1 + (parcel % 8))),
      cod_taka: parcel % 3 === 0 ? '0' : String(500 + (parcel % 50) * 10),
      note: parcel % 10 === 0 ? 'Call first, then "ring"' : '',
      ...changes[parcel],
    };
    lines.push(columns.map((column) => quoted(cells[column] ?? '')).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
