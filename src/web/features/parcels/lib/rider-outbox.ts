import type { DeliveryOutcome } from '#shared/tracking.ts';

/**
 * The rider's outcomes recorded on this phone and not yet accepted by the server (R-RIDER-OFFLINE,
 * decision 176), kept in IndexedDB so that a reload, a closed tab or a phone that ran out of battery
 * loses none. Each carries the Idempotency-Key it is sent with every time, so however often it is sent,
 * it is applied once.
 */
export interface QueuedOutcome {
  /** The Idempotency-Key, made when the outcome was recorded. */
  key: string;
  /** Whose outcome: only the rider who recorded it sends it. */
  rider: string;
  trackingCode: string;
  /** The parcel's attempt it was recorded for: a parcel out again is a new attempt, with no outcome yet. */
  attempt: number;
  outcome: DeliveryOutcome<undefined>;
  /** The handover photo, kept as the file it was. */
  photo?: Blob;
  recordedAt: string;
  /** Refused: the server's reason (a wrong code, or the parcel moved meanwhile); kept until the rider has seen it. */
  refusal?: string;
  /** Accepted by the server: kept for the day's summary, without the sealed code or the photo. */
  sentAt?: string;
}

/** An accepted outcome as the day's summary keeps it: the sealed code and the photo are not kept a moment longer. */
export function sentOutcome(queued: QueuedOutcome, at: Date): QueuedOutcome {
  const { photo: _photo, ...rest } = queued;
  const { sealedCode: _sealedCode, ...outcome } = queued.outcome as { sealedCode?: string };
  return { ...rest, outcome: outcome as QueuedOutcome['outcome'], sentAt: at.toISOString() };
}

const DATABASE = 'rider-app';
const OUTCOMES = 'outcomes';

function openOutbox(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(DATABASE, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore(OUTCOMES, { keyPath: 'key' });
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error);
  });
}

async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const database = await openOutbox();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = database.transaction(OUTCOMES, mode);
      const request = work(transaction.objectStore(OUTCOMES));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  } finally {
    database.close();
  }
}

/** Accepted outcomes are kept for the summary until the next day begins on the phone. */
const sentBeforeToday = (queued: QueuedOutcome, now: Date) =>
  queued.sentAt !== undefined && new Date(queued.sentAt).toDateString() !== now.toDateString();

/**
 * The rider's outcomes on the phone, oldest first: the order they were recorded in is the order they are
 * sent in. Those accepted on an earlier day are forgotten here.
 */
export async function queuedOutcomes(rider: string, now = new Date()): Promise<QueuedOutcome[]> {
  const all = await inStore<QueuedOutcome[]>('readonly', (store) => store.getAll());
  for (const old of all.filter((queued) => sentBeforeToday(queued, now))) await forgetOutcome(old.key);
  return all
    .filter((queued) => queued.rider === rider && !sentBeforeToday(queued, now))
    .sort((a, b) => a.recordedAt.localeCompare(b.recordedAt));
}

export const keepOutcome = (queued: QueuedOutcome) => inStore('readwrite', (store) => store.put(queued));

export const forgetOutcome = (key: string) => inStore('readwrite', (store) => store.delete(key));
