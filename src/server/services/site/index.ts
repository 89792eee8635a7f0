export { parseSiteDocument, SiteService, SITE_REVISIONS_KEPT, upgradeSiteDocument } from './site-document.ts';
