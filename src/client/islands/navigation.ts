import type { AroundNavHandler } from 'wouter';

/**
 * How an island's links move on a reading page. Each reading page is its own document, served from
 * the server's page cache: a link to another page loads it. A new address of the same page (the
 * blog's filters, search and pages) stays in the page, through the History API the router follows.
 */
export const readerNavigation: AroundNavHandler = (navigate, to, options) => {
  const target = new URL(to, window.location.href);
  if (target.origin === window.location.origin && target.pathname === window.location.pathname) {
    navigate(to, options);
  } else if (options?.replace) {
    window.location.replace(target.href);
  } else {
    window.location.assign(target.href);
  }
};
