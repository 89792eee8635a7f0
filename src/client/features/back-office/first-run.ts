import type { SiteDocument } from '../../../shared/site.ts';

/** One placeholder of a fresh install still on the site, and the field of `/admin/site` that replaces it. */
export interface Placeholder {
  /** What to do, as the checklist says it. */
  label: string;
  /** The field's path in the site document (`profile.email`, `home.partners.2.website`). */
  field: string;
}

const DEFAULT_SHARE_IMAGE = '/images/og-default.png';
const DEFAULT_PARTNER_IMAGES = '/images/partners/';

/**
 * An address a fresh install ships with: on the example domains (RFC 2606), or a profile named
 * `example` on a real network (`https://github.com/example`, `https://www.linkedin.com/in/example`).
 */
export const isExampleAddress = (value: string): boolean =>
  /(^|[@./])example\.(com|org|net)(?=$|[/:?#])/i.test(value.trim()) ||
  /^https?:\/\/[^/]+\/(in\/)?@?example\/?$/i.test(value.trim());

/**
 * What the first-run checklist lists (issue "make it yours"): every placeholder the site can
 * detect, in the order the form shows them. Empty once the owner has replaced them all.
 */
export function placeholdersLeft(site: SiteDocument): Placeholder[] {
  const left: Placeholder[] = [];
  const { profile, home, cv, meta } = site;
  if (isExampleAddress(profile.email)) left.push({ label: 'Put in your own e-mail address', field: 'profile.email' });
  if (!profile.photo) left.push({ label: 'Add your photo', field: 'profile.photo' });
  profile.socialLinks.forEach((link, index) => {
    if (isExampleAddress(link.url))
      left.push({ label: `Link your own ${link.label} profile`, field: `profile.socialLinks.${index}.url` });
  });
  if (meta.shareImage === DEFAULT_SHARE_IMAGE) left.push({ label: 'Replace the default share image', field: 'meta.shareImage' });
  // The partners as two lines, not two per partner: each links to the first one left.
  const sites = home.partners.flatMap((partner, index) => (isExampleAddress(partner.website) ? [index] : []));
  if (sites.length > 0)
    left.push({ label: `Give your partners their real websites (${sites.length})`, field: `home.partners.${sites[0]}.website` });
  const logos = home.partners.flatMap((partner, index) => (partner.logo.startsWith(DEFAULT_PARTNER_IMAGES) ? [index] : []));
  if (logos.length > 0)
    left.push({ label: `Upload your partners' own images (${logos.length})`, field: `home.partners.${logos[0]}.logo` });
  cv.projects.forEach((project, index) => {
    if (isExampleAddress(project.url))
      left.push({ label: `Link ${project.name} to its real page`, field: `cv.projects.${index}.url` });
  });
  if (isExampleAddress(cv.connectUrl)) left.push({ label: 'Link your professional network profile', field: 'cv.connectUrl' });
  return left;
}
