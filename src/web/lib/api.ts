import type { DetailsOf, ErrorCode } from '../../shared/error-codes';

/**
 * Every call sends cookies; a non-success answer becomes an Error whose text is
 * '{status}: {body or status text}' (spec section 7), so screens can show the server's words.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's `{message}` when the body carries one. */
  get serverMessage(): string | undefined {
    return this.bodyText('message');
  }

  /** The refusal's machine code: what a page decides by, where the message is only for people to read. */
  get code(): ErrorCode | undefined {
    return this.bodyText('code') as ErrorCode | undefined;
  }

  /** The refusal's details when it has this code (the right total of a changed cart, the flag short), typed by the code. */
  details<C extends ErrorCode>(code: C): DetailsOf<C> | undefined {
    if (this.code !== code) return undefined;
    try {
      const { message: _message, code: _code, ...details } = JSON.parse(this.body) as Record<string, unknown>;
      return details as DetailsOf<C>;
    } catch {
      return undefined;
    }
  }

  private bodyText(field: 'message' | 'code'): string | undefined {
    try {
      const value = (JSON.parse(this.body) as Record<string, unknown>)[field];
      return typeof value === 'string' ? value : undefined;
    } catch {
      return undefined;
    }
  }
}

export async function apiRequest<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A refused call is not sent again by itself: the answer would be the same. Other failures get one retry. */
export const noRetryOnRefusal = (failures: number, error: unknown) => failures < 1 && !(error instanceof ApiError && error.status < 500);

/** The message to show for a failed call: the server's own words, else the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}
