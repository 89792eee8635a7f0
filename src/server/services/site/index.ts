export { parseSiteDocument, SiteService, SITE_REVISIONS_KEPT } from './site-document.ts';
