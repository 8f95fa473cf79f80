import { i18n } from '@lingui/core';
import { toast as show, type ToastOptions } from 'react-toastify/unstyled';
import { translated } from '#shared/translate.ts';
import { errorMessage } from './api-client.ts';

/**
 * The toasts (R-TOASTS), in the page's language: the shared messages they are given are English, put
 * in the page's language here (decision 61). Toasts show only in the browser, which has one language
 * per page load, so Lingui's shared instance is the page's.
 */
const shown =
  (kind: 'success' | 'info' | 'warning' | 'error') =>
  (text: string, options?: ToastOptions): void => {
    show[kind](translated(i18n, text), options);
  };

export const toast = { success: shown('success'), info: shown('info'), warning: shown('warning'), error: shown('error') };

/**
 * A failed call's toast, instead of a success toast whatever the answer (R-TOASTS): the server's own
 * words when it answered, else `fallback`, which says what could not be done.
 */
export function toastApiError(error: unknown, fallback: string): void {
  toast.error(errorMessage(error, fallback));
}
