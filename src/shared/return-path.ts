
/** A shop path with its query fits easily; anything longer is not one of ours. */
export const MAX_RETURN_PATH_LENGTH = 500;

/** The refusal of a return address that is not a path on this shop, naming the field. */
export function returnPathMessage(field: string): string {
  return `${field} must be a path on this shop, such as /checkout`;
}

const PARSING_ORIGIN = 'https://shop.invalid';
/** An encoded slash or backslash in the path could become '//host' once a router decodes it. */
const ENCODED_SEPARATOR = /%2f|%5c/i;

/** Tabs and line breaks vanish when a browser parses an address ('/\t/host' is '//host'); NUL and the rest have no place in one. */
function hasControlCharacter(value: string): boolean {
  for (const character of value) {
    const code = character.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Where a link may send the shopper back to: a path on this shop ('/checkout', '/shop?region=africa'),
 * tidied by the URL parser; null for anything that could lead to another site ('https://…',
 * '//host', '/\host', '/.//host', 'javascript:…') or that is not text.
 */
export function shopPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_RETURN_PATH_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || hasControlCharacter(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PARSING_ORIGIN);
  } catch {
    return null;
  }
  // '/.//host', '/a/..//host' and '/%2e//host' tidy into '//host', which a browser reads as another site.
  if (url.origin !== PARSING_ORIGIN || url.pathname.startsWith('//') || ENCODED_SEPARATOR.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
