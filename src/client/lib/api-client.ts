import type { QueryFunction } from '@tanstack/react-query';
import { ApiError } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The one way the client calls the API: with the session cookie, and an ApiError for any non-OK
 * answer. A JSON body and its content type are sent only when there is a payload, so bodiless
 * POST/DELETE calls stay bodiless.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Response> {
  const hasBody = body !== undefined;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: hasBody ? { 'Content-Type': 'application/json' } : undefined,
    body: hasBody ? JSON.stringify(body) : undefined,
    signal,
  });
  if (!response.ok) throw ApiError.fromBody(response.status, response.statusText, await response.text());
  return response;
}

/** apiRequest, then the answer's JSON body. */
export async function apiJson<T>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options?: { signal?: AbortSignal },
): Promise<T> {
  return (await (await apiRequest(method, url, body, options)).json()) as T;
}

/**
 * The default query function: queryKey[0] is the URL to GET; further key parts only distinguish
 * cache entries. A 204 answer is null.
 */
export const defaultQueryFn: QueryFunction = async ({ queryKey, signal }) => {
  const [url] = queryKey;
  if (typeof url !== 'string') throw new Error('The first query key part must be the URL to fetch');
  const response = await apiRequest('GET', url, undefined, { signal });
  if (response.status === 204) return null;
  return (await response.json()) as unknown;
};
