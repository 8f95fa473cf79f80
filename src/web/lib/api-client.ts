import { type ErrorCode, errorCodeForStatus, isErrorCode } from '#shared/error-codes.ts';
import { englishText } from '#shared/translate.ts';
import { accessTokenEmail, clearAccessToken, readAccessToken, storeAccessToken } from './access-token.ts';

/** Every failed call, ours or Better Auth's, reaches the pages as one of these. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** What to tell the user about a failure: the server's own words when it answered, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

type Listener = (error: ApiError) => void;
const sessionEndedListeners = new Set<Listener>();

/** Called when the server says the session is over: a 401 even after a token renewal, or a 403 where asked. */
export function onSessionEnded(listener: Listener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/**
 * R-OUTAGE: whether the shop said it cannot serve right now (503 service_unavailable), until an answer
 * comes through again. Pages keep retrying meanwhile; the layout tells the customer why they wait.
 */
let inTrouble = false;
const troubleListeners = new Set<() => void>();

export const shopTrouble = {
  now: () => inTrouble,
  subscribe(listener: () => void): () => void {
    troubleListeners.add(listener);
    return () => troubleListeners.delete(listener);
  },
  set(value: boolean): void {
    if (inTrouble === value) return;
    inTrouble = value;
    for (const listener of troubleListeners) listener();
  },
};

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the bearer token (every call but the public product list does, R-TOKEN). */
  authenticated?: boolean;
  /** A 401 or 403 answer ends the session (the rule of R-ORDERS for My Orders). */
  endSessionOnDenied?: boolean;
  signal?: AbortSignal;
  /** A body sent as it is, in this type (a CSV file), instead of as JSON. */
  contentType?: string;
  /** Sent as `Idempotency-Key`: the same key repeats the first answer instead of acting twice. */
  idempotencyKey?: string;
}

/** An error answer's body (`{ error: { code, message, fields? } }`) as the ApiError the pages handle. */
export function apiErrorFrom(status: number, body: unknown, statusText = ''): ApiError {
  const error = (body as { error?: { code?: unknown; message?: string; fields?: Record<string, string> } } | undefined)?.error;
  return new ApiError(
    status,
    isErrorCode(error?.code) ? error.code : errorCodeForStatus(status),
    error?.message ?? englishText(/*i18n*/ 'The server answered {status} {statusText}.', { status, statusText }),
    error?.fields,
  );
}

async function toApiError(response: Response): Promise<ApiError> {
  return apiErrorFrom(response.status, await response.json().catch(() => undefined), response.statusText);
}

/** Asks for a fresh access token for the signed-in session (sent with the session cookie). */
export async function requestAccessToken(email: string): Promise<string> {
  const response = await fetch(`/api/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', ...pageLanguageHeader() },
    body: JSON.stringify({ email }),
  });
  if (!response.ok) throw await toApiError(response);
  const { token } = (await response.json()) as { token: string };
  storeAccessToken(token);
  return token;
}

/** The page's language, which the API answers its messages in (R-LANGUAGES): the server wrote it into `<html lang>`. */
export const pageLanguageHeader = (): Record<string, string> =>
  typeof document === 'undefined' ? {} : { 'accept-language': document.documentElement.lang || 'en' };

function send(path: string, request: ApiRequest, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...pageLanguageHeader() };
  if (request.body !== undefined && !(request.body instanceof FormData))
    headers['content-type'] = request.contentType ?? 'application/json';
  if (request.authenticated !== false && token) headers.authorization = `Bearer ${token}`;
  if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
  return fetch(path, {
    method: request.method ?? 'GET',
    headers,
    credentials: 'same-origin',
    signal: request.signal,
    body:
      request.body === undefined
        ? undefined
        : request.body instanceof FormData || request.contentType
          ? (request.body as BodyInit)
          : JSON.stringify(request.body),
  });
}

/** Every call to our API goes through here: bearer token, one silent token renewal, one error shape. */
export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const response = await apiResponse(path, request);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** apiRequest's answer before its JSON is read, for the calls that need its headers too (a page's total). */
export async function apiResponse(path: string, request: ApiRequest = {}): Promise<Response> {
  let token = request.authenticated === false ? null : readAccessToken();
  let response = await send(path, request, token);
  if (response.status === 401 && token) {
    // Expired, or its session replaced (a new password makes a new session, R-SETTINGS): the session
    // cookie, when it still lives, gets a fresh token; when it does not, the refusal stands.
    const email = accessTokenEmail(token);
    if (email) {
      token = await requestAccessToken(email).catch(() => null);
      if (token) response = await send(path, request, token);
    }
  }
  if (!response.ok) {
    const error = await toApiError(response);
    if (error.code === 'service_unavailable') shopTrouble.set(true);
    const sessionEnded = error.status === 401 || (error.status === 403 && request.endSessionOnDenied === true);
    if (sessionEnded && request.authenticated !== false) {
      clearAccessToken();
      for (const listener of sessionEndedListeners) listener(error);
    }
    throw error;
  }
  shopTrouble.set(false);
  return response;
}
