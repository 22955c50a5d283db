/**
 * The access code in a join or protocol link (docs/decisions.md "The access code stays with the
 * team"): in the fragment (`#code=…`, `#key=…`), which the browser never sends to a server, so no
 * access log, proxy or Referer holds it. Old links with `?code=`/`?key=` still open, and the page
 * drops the code from the address at once.
 */
export function codeFromLink(location: { hash: string; search: string }, name: string): string | null {
  const fromFragment = new URLSearchParams(location.hash.replace(/^#/, '')).get(name);
  return fromFragment ?? new URLSearchParams(location.search).get(name);
}

/** The address without the code: the path, and any other query parameters. */
export function withoutLinkCode(location: { pathname: string; search: string }, name: string): string {
  const params = new URLSearchParams(location.search);
  params.delete(name);
  const rest = params.toString();
  return rest ? `${location.pathname}?${rest}` : location.pathname;
}
