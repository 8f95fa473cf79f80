import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { HANDOVER_PHOTO_FIELD } from '#shared/handover-photo.ts';
import type { DeliveryOutcome } from '#shared/tracking.ts';
import { accessTokenEmail, readAccessToken } from '#web/lib/access-token.ts';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { sealCode } from '../lib/code-seal.ts';
import { forgetOutcome, keepOutcome, type QueuedOutcome, queuedOutcomes, sentOutcome } from '../lib/rider-outbox.ts';

/** Refusals that sending again cannot change: the outcome waits for the rider instead. */
const REFUSED = new Set([400, 403, 404, 409, 413, 422]);
/** While outcomes wait, how often the page tries again when the browser gives no 'online' event. */
const RETRY_MS = 20_000;

/** A new Idempotency-Key: 128 random bits (crypto.getRandomValues works outside secure contexts too). */
const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** The outcome as sent; the picture helpers (with zod) load when there is one to send, not with the run (issue 43). */
async function bodyOf({ outcome, photo }: QueuedOutcome) {
  const { formWithPicture } = await import('#web/lib/picture-file.ts');
  return formWithPicture(
    { ...outcome, [HANDOVER_PHOTO_FIELD]: photo && new File([photo], 'handover', { type: photo.type }) },
    HANDOVER_PHOTO_FIELD,
  );
}

export type RecordedAs = 'sent' | 'kept' | 'refused';

/** Only before the run page has ever been opened with a network: the key to seal codes with is not on the phone. */
export const NO_SEAL_KEY = /*i18n*/ 'Open your run once with a network before recording codes with no signal.';

/**
 * The rider's outcomes, recorded first on the phone and sent from there (R-RIDER-OFFLINE, decision 176):
 * each goes with its own Idempotency-Key, in the order recorded, now if there is a network, else when the
 * browser says it is back (and every RETRY_MS meanwhile). A refusal stays on the phone with its reason
 * until the rider dismisses it; no network, a busy shop or an ended session leave the rest waiting.
 */
/** GET /api/rider/code-seal: the key a delivery code is sealed with before the phone keeps it. */
export const CODE_SEAL_PATH = '/api/rider/code-seal';

export function useRiderOutbox() {
  const client = useQueryClient();
  // Whose outcomes: the signed-in rider, as this phone knows them also with no network (their token's email).
  const [rider, setRider] = useState<string>();
  useEffect(() => setRider(accessTokenEmail(readAccessToken() ?? '')), []);
  // The key a code is sealed with before it is kept (answered offline by the service worker's copy).
  const [sealKey, setSealKey] = useState<string>();
  useEffect(() => {
    apiRequest<{ publicKey: string }>(CODE_SEAL_PATH).then(
      (seal) => setSealKey(seal.publicKey),
      () => undefined,
    );
  }, []);
  const [queued, setQueued] = useState<QueuedOutcome[]>([]);
  const [online, setOnline] = useState(true);
  const sending = useRef<Promise<void> | undefined>(undefined);

  const reload = useCallback(async () => {
    if (rider) setQueued(await queuedOutcomes(rider));
  }, [rider]);

  const sendQueued = useCallback((): Promise<void> => {
    if (!rider) return Promise.resolve();
    sending.current ??= (async () => {
      let sent = 0;
      try {
        for (const entry of await queuedOutcomes(rider)) {
          if (entry.refusal || entry.sentAt) continue;
          try {
            await apiRequest(`/api/rider/deliveries/${encodeURIComponent(entry.trackingCode)}`, {
              method: 'POST',
              body: await bodyOf(entry),
              idempotencyKey: entry.key,
            });
            await keepOutcome(sentOutcome(entry, new Date()));
            sent++;
          } catch (error) {
            if (!(error instanceof ApiError && REFUSED.has(error.status))) break;
            await keepOutcome({ ...entry, refusal: error.message });
          }
        }
      } finally {
        sending.current = undefined;
        await reload();
        if (sent > 0) await client.invalidateQueries({ queryKey: queryKeys.riderRun });
      }
    })();
    return sending.current;
  }, [client, reload, rider]);

  useEffect(() => {
    const changed = () => {
      setOnline(navigator.onLine);
      if (navigator.onLine) void sendQueued();
    };
    changed();
    void reload();
    window.addEventListener('online', changed);
    window.addEventListener('offline', changed);
    const retry = window.setInterval(() => navigator.onLine && void sendQueued(), RETRY_MS);
    return () => {
      window.removeEventListener('online', changed);
      window.removeEventListener('offline', changed);
      window.clearInterval(retry);
    };
  }, [reload, sendQueued]);

  /** Keeps the outcome on the phone, then tries to send it: whether it went, waits, or was refused. */
  const record = useCallback(
    async (
      { trackingCode, attempt }: { trackingCode: string; attempt: number },
      outcome: DeliveryOutcome<File>,
    ): Promise<RecordedAs> => {
      if (!rider) return 'kept';
      const { [HANDOVER_PHOTO_FIELD]: photo, ...fields } = outcome as DeliveryOutcome<File> & { handoverPhoto?: File };
      // The recipient's code is kept sealed for the server alone, never in the clear (decision 176).
      const { code, ...withoutCode } = fields as typeof fields & { code?: string };
      if (code !== undefined && !sealKey) throw new Error(NO_SEAL_KEY);
      const keptFields = code === undefined ? fields : { ...withoutCode, sealedCode: await sealCode(code, sealKey ?? '') };
      // A refusal of this parcel has been read: the new outcome takes its place.
      for (const refused of queued.filter((entry) => entry.trackingCode === trackingCode && entry.refusal))
        await forgetOutcome(refused.key);
      const key = newKey();
      await keepOutcome({
        key,
        rider,
        trackingCode,
        attempt,
        outcome: keptFields as DeliveryOutcome<undefined>,
        ...(photo ? { photo } : {}),
        recordedAt: new Date().toISOString(),
      });
      await reload();
      // A send already under way may have read the outcomes before this one: this one goes in the next.
      await sending.current;
      await sendQueued();
      const kept = (await queuedOutcomes(rider)).find((entry) => entry.key === key);
      return kept?.sentAt ? 'sent' : kept?.refusal ? 'refused' : 'kept';
    },
    [queued, reload, rider, sealKey, sendQueued],
  );

  const dismiss = useCallback(
    async (key: string) => {
      await forgetOutcome(key);
      await reload();
    },
    [reload],
  );

  return { queued, online, record, dismiss };
}
