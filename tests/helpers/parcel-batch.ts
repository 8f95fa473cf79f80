import type { ConsignmentInput } from '#shared/consignment.ts';

/**
 * A batch of `count` parcels for `POST /api/v1/consignments/batch` (issue 41), as a shop's orders of a day
 * would make it: recipients across the country, every fourth written in Bangla, some with cash to collect
 * and a note. Its invoice numbers are `invoicePrefix` and the parcel's index: a merchant's numbers name one
 * parcel each (decision 113), so a test's later batches take another prefix. Only a type import, so the
 * benchmark (scripts/bench.mjs) runs it on Node's own type stripping too.
 */
export function parcelBatch(count: number, invoicePrefix = 'INV-'): ConsignmentInput[] {
  const areas = ['cumilla-debidwar', 'Savar, Dhaka', 'dhaka-gulshan', 'Balaganj, Sylhet', 'Barura, Cumilla'];
  return Array.from({ length: count }, (_, index): ConsignmentInput => {
    const bangla = index % 4 === 0;
    return {
      service: 'standard',
      pickup: { name: 'Asha Rahman', phone: '01711000000', address: 'House 12, Road 5, Gulshan 1', areaId: 'dhaka-gulshan' },
      recipient: {
        name: bangla ? 'রহিমা খাতুন' : `Karim Mia ${index}`,
        phone: `018${String(index).padStart(8, '0')}`,
        address: bangla
          ? `বাড়ি ${index}, রোড ${index % 40}, ব্লক সি, মসজিদের পাশে`
          : `House ${index}, Road ${index % 40}, Block C, near the mosque`,
        areaId: areas[index % areas.length] as string,
      },
      weightGrams: 250 * (1 + (index % 8)),
      codAmount: index % 3 === 0 ? 0 : (500 + (index % 50) * 10) * 100,
      merchantInvoice: `${invoicePrefix}${index}`,
      ...(index % 10 === 0 ? { note: bangla ? 'আসার আগে ফোন করবেন' : 'Call before delivery' } : {}),
    };
  });
}
