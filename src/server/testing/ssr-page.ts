/**
 * What the server put inside <div id="root">: the page as rendered, or nothing. The root is closed
 * just before the <noscript> of the built page, or before </body> in the bare page served while
 * the app is not built.
 */
export function ssrPart(html: string): string {
  const found = /<div id="root">([\s\S]*?)<\/div>\s*(?:<noscript>|<\/body>)/.exec(html);
  if (!found) throw new Error('the page has no root');
  return found[1]!;
}

/** The words of a server-rendered page as a reader sees them: React's text separators and the markup left out. */
export function ssrText(html: string): string {
  return ssrPart(html).replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');
}
