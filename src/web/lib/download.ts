import { apiResponse } from './api-client.ts';

/**
 * Saves a file the API answers (a CSV, a label): the API wants the bearer token, which a plain link cannot
 * send, so the file is fetched and handed to the browser's download under the name the server gave it.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await apiResponse(path);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click has handed the file over; the browser may let the memory go once it has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
