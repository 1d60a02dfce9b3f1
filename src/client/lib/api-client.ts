import type { QueryFunction } from '@tanstack/react-query';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Spec §7: any non-OK answer becomes an Error reading "{status}: {body or status text}". */
async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const bodyText = await response.text();
  throw new Error(`${response.status}: ${bodyText || response.statusText}`);
}

/**
 * Calls the API with the session cookie. A JSON body and its content type are sent only
 * when there is a payload, so bodiless POST/DELETE calls stay bodiless.
 */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const hasBody = body !== undefined;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: hasBody ? { 'Content-Type': 'application/json' } : undefined,
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  await throwIfNotOk(response);
  return response;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default query function: queryKey[0] is the URL to GET. Further key parts only
 * distinguish cache entries. With on401 'returnNull' a 401 resolves to null instead of throwing.
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const [url] = queryKey;
    if (typeof url !== 'string') throw new Error('The first query key part must be the URL to fetch');
    const response = await fetch(url, { credentials: 'include', signal });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    if (response.status === 204) return null;
    return (await response.json()) as T;
  };
}

/** True for the error apiRequest/getQueryFn raise when the session is missing or expired. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

/**
 * The `message` field of a JSON error body (design §3: every 4xx/5xx answer is
 * `{ message }`), or null when the error carries no such body (network failure, HTML page...).
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match?.[1]) return null;
  try {
    const body: unknown = JSON.parse(match[1]);
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
      return body.message || null;
    }
  } catch {
    return null;
  }
  return null;
}
