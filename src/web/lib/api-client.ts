import { endpoints, type EndpointName } from '../../shared/api/endpoints';
import type { Answer, Body } from '../../shared/api/contract';
import { apiRequest } from './api';

/** The values of a call's path parameters (`:sessionId`, `:id`), by name. */
type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | PathParams<`/${Rest}`> : P extends `${string}:${infer Name}` ? Name : never;

type CallOptions<K extends EndpointName> = ([PathParams<(typeof endpoints)[K]['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParams<(typeof endpoints)[K]['path']>, string> }) &
  (Body<K> extends undefined ? { body?: undefined } : { body: Body<K> }) & {
    /** The query, its unset values left out. */
    query?: Record<string, string | undefined>;
    headers?: Record<string, string>;
  };

/**
 * A call of the shop's contract (src/shared/api/endpoints.ts), typed end to end: its path
 * parameters and body as the server's schemas take them, and its answer as the server's schema
 * lets it out. A refusal is thrown as an ApiError, as by apiRequest.
 */
export function callApi<K extends EndpointName>(name: K, ...[options]: keyof CallOptions<K> extends never ? [] : [CallOptions<K>] | []): Promise<Answer<K>> {
  const { method, path } = endpoints[name];
  const params = (options?.params ?? {}) as Record<string, string>;
  const query = new URLSearchParams(Object.entries(options?.query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
  const url = path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? '')) + (query.size > 0 ? `?${query.toString()}` : '');
  // A call that writes sends a JSON body, as the shop's calls expect, if only {}.
  const body = options?.body ?? (method === 'GET' || method === 'DELETE' ? undefined : {});
  // The one place an answer's type is taken on trust: the server sent it through the same contract.
  return apiRequest<Answer<K>>(method, url, body, options?.headers);
}
