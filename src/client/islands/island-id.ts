/**
 * React's useId prefix of the n-th island of a page (in document order), the same on the server
 * and in the browser, so ids stay unique across a page's roots and match at hydration.
 */
export const islandIdPrefix = (index: number) => `i${index}-`;
