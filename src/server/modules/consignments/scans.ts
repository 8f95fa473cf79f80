import type { I18n } from '@lingui/core';
import { HttpError } from '#server/http/errors.ts';
import { type ScanRequest, type ScanResult, TRACKING_MESSAGES } from '#shared/tracking.ts';
import { readTrackingCode } from '#shared/tracking-code.ts';
import { translated } from '#shared/translate.ts';
import { type MoveContext, moveParcel } from './parcel-moved.ts';

/** A scan as the route resolved it: the rider found by email. */
type Scan = Omit<ScanRequest, 'rider'> & { riderId?: string };

/** Parcels moved at once: PostgreSQL's pool has room for them beside the shop's other requests. */
const SCANS_AT_ONCE = 8;

/**
 * `POST /api/ops/scans` (R-SCANS): every code moved on its own, in its own transaction, so one code
 * that cannot move (unknown, or a move the table refuses) stops none of the others. One result per
 * code, in the order scanned; a code scanned twice counts once.
 */
export async function applyScans(context: MoveContext, actorId: string, scan: Scan, i18n: I18n): Promise<ScanResult[]> {
  const codes = [...new Set(scan.codes.map((typed) => typed.trim()).filter(Boolean))];
  const results: ScanResult[] = new Array(codes.length);
  let next = 0;
  const scanNext = async (): Promise<void> => {
    while (next < codes.length) {
      const index = next++;
      const typed = codes[index] ?? '';
      results[index] = await scanOne(context, actorId, scan, typed, i18n);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SCANS_AT_ONCE, codes.length) }, scanNext));
  return results;
}

async function scanOne(context: MoveContext, actorId: string, scan: Scan, typed: string, i18n: I18n): Promise<ScanResult> {
  const code = readTrackingCode(typed);
  if (!code) return { code: typed, moved: false, problem: translated(i18n, TRACKING_MESSAGES.notFound) };
  try {
    const moved = await moveParcel(context, code, {
      to: scan.status,
      hub: scan.hub,
      reason: scan.reason,
      note: scan.note,
      riderId: scan.riderId,
      actorId,
    });
    return { code, moved: true, status: moved.status };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500)
      return { code, moved: false, problem: translated(i18n, error.message) };
    throw error;
  }
}
