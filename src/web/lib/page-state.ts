import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { storeAccessToken } from './access-token.ts';
import { apiErrorFrom } from './api-client.ts';

/** The id of the <script type="application/json"> the server writes the page's answers into. */
export const PAGE_STATE_ID = 'page-state';

/** A public read the server asked for and was refused (a deleted product's 404), kept with its error body. */
export interface MissingAnswer {
  key: readonly unknown[];
  status: number;
  body: unknown;
}

/** The answers a server-rendered page was rendered with; the browser starts from them (R-SSR). */
export interface PageState {
  queries: DehydratedState;
  missing: MissingAnswer[];
  /** A page drawn for its signed-in viewer (decision 184) brings their access token, which every call sends. */
  accessToken?: string;
}

/**
 * Puts refused reads into `client` as the ApiError a fetch would have given, so the first render in the
 * browser shows the same "not found" state as the server's HTML instead of a spinner.
 */
export async function reviveMissing(client: QueryClient, missing: MissingAnswer[]): Promise<void> {
  await Promise.all(
    missing.map(({ key, status, body }) =>
      client.prefetchQuery({ queryKey: key, queryFn: () => Promise.reject(apiErrorFrom(status, body)), retry: false }),
    ),
  );
}

/** Starts the browser's cache from the state the server wrote into the page, if it did. */
export async function adoptPageState(client: QueryClient): Promise<void> {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent;
  if (!text) return;
  const state = JSON.parse(text) as PageState;
  if (state.accessToken) storeAccessToken(state.accessToken);
  hydrate(client, state.queries);
  await reviveMissing(client, state.missing);
}
