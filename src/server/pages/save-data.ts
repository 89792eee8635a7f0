/**
 * Whether a request's `Save-Data` header asks for a lighter page: its first token is `on` (the
 * header may carry more tokens after `;`), in any case.
 */
export function savesData(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(';')[0]?.trim().toLowerCase() === 'on';
}
