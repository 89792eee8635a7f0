export { SiteDataService } from './site-data.ts';
