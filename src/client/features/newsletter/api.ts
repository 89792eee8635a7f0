import { queryOptions } from '@tanstack/react-query';
import type { NewsletterLinkState } from '../../../shared/pages.ts';

/**
 * Where a newsletter link's subscription stands. Only the server reads a token (it renders the
 * page with this in the cache): undefined means the page was reached without it, and is loaded again.
 */
export const newsletterLinkQuery = (kind: 'confirm' | 'unsubscribe', token: string) =>
  queryOptions<NewsletterLinkState | null>({ queryKey: ['newsletter', kind, token], enabled: false });

/** Whether the site sends a newsletter (SMTP is set): the server tells each page it renders. */
export const newsletterEnabledQuery = () => queryOptions<boolean>({ queryKey: ['newsletter-enabled'], enabled: false });
