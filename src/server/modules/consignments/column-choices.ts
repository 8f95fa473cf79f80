import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Transaction } from '#server/db/client.ts';
import { bulkColumnChoices } from '#server/db/schema.ts';
import type { ColumnChoices } from '#shared/bulk-booking.ts';

/** A merchant's remembered column choices (issue 41): the shapes of file it books from, not every file. */
const KEPT_COLUMN_CHOICES = 20;

/** The merchant's column choices, by the columns of the files they were made for. */
export async function rememberedChoices(tx: Transaction, merchantId: string): Promise<Map<string, ColumnChoices>> {
  const rows = await tx
    .select({ signature: bulkColumnChoices.signature, columns: bulkColumnChoices.columns })
    .from(bulkColumnChoices)
    .where(eq(bulkColumnChoices.merchantId, merchantId));
  return new Map(rows.map((row) => [row.signature, row.columns]));
}

/**
 * Keeps the choices a file was booked with for the next file with its columns, in the booking's
 * transaction; the least recently used beyond the last `KEPT_COLUMN_CHOICES` are forgotten.
 */
export async function rememberChoices(tx: Transaction, merchantId: string, signature: string, columns: ColumnChoices) {
  await tx
    .insert(bulkColumnChoices)
    .values({ merchantId, signature, columns })
    .onConflictDoUpdate({
      target: [bulkColumnChoices.merchantId, bulkColumnChoices.signature],
      set: { columns, usedAt: sql`now()` },
    });
  const kept = tx
    .select({ signature: bulkColumnChoices.signature })
    .from(bulkColumnChoices)
    .where(eq(bulkColumnChoices.merchantId, merchantId))
    .orderBy(desc(bulkColumnChoices.usedAt))
    .limit(KEPT_COLUMN_CHOICES);
  await tx
    .delete(bulkColumnChoices)
    .where(and(eq(bulkColumnChoices.merchantId, merchantId), notInArray(bulkColumnChoices.signature, kept)));
}
