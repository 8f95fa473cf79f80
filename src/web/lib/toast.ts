import { toast } from 'react-toastify/unstyled';
import { errorMessage } from './api-client.ts';

/**
 * A failed call's toast, instead of a success toast whatever the answer (R-TOASTS): the server's own
 * words when it answered, else `fallback`, which says what could not be done.
 */
export function toastApiError(error: unknown, fallback: string): void {
  toast.error(errorMessage(error, fallback));
}
