import { createContext, useContext } from 'react';
import { categoryLabels, type SiteDocument } from '../../../shared/site.ts';
import { headSite, type HeadSite } from '../../seo.ts';

/**
 * What the blog's island shows of the site document: its heading and head tags, the category
 * buttons, the cards' default author. Sent with /blog as the island's props, not the whole document.
 */
export interface BlogSite extends HeadSite {
  /** `All Posts`, then the document's categories. */
  categories: string[];
  /** A card's author when its post names none (SPEC.md: the short name). */
  author: string;
}

export const blogSiteOf = (site: SiteDocument): BlogSite => ({
  ...headSite(site),
  categories: categoryLabels(site),
  author: site.profile.shortName,
});

const BlogSiteContext = createContext<BlogSite | undefined>(undefined);

export const BlogSiteProvider = BlogSiteContext.Provider;

export function useBlogSite(): BlogSite {
  const site = useContext(BlogSiteContext);
  if (!site) throw new Error('useBlogSite outside the blog page');
  return site;
}
