export { SiteDataService } from './site-data.ts';
export { OldAddresses } from './old-addresses.ts';
