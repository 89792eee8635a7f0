/**
 * A `mailto:` address with the address encoded: a visitor's address such as
 * `x@example.com?cc=other@example.org&body=...` must not add recipients or text to the author's mail.
 */
export function mailtoHref(email: string, headers: Record<string, string> = {}): string {
  const query = Object.entries(headers)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  const address = encodeURIComponent(email).replace(/%40/g, '@');
  return 'mailto:' + address + (query ? `?${query}` : '');
}
