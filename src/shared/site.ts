import { z } from 'zod';
import { ALL_POSTS_CATEGORY, LIMITS } from './constants.ts';
import { imageUrl, text } from './fields.ts';

/**
 * The site document (DESIGN.md "make it yours"): every word of the portfolio, the CV and the
 * blog's heading that the owner can change from `/admin/site`. One schema for the form, the API
 * (`GET /api/site`, `PUT /api/admin/site`), its revisions and the backup's `site.json`; the
 * defaults of a fresh install are in `src/content/site.ts`.
 */

/** Caps on the document: a personal site, with room to spare; more is a mistake or an attack. */
export const SITE_LIMITS = {
  short: 120,
  line: 300,
  paragraph: 2_000,
  url: 2_048,
  /** Items of any one list (links, cards, roles, points of a role...). */
  list: 50,
  /** Categories of the blog, beside `All Posts`. */
  categories: 20,
  /** The whole document as JSON, in bytes. */
  bytes: 256 * 1024,
} as const;

const line = (max: number = SITE_LIMITS.line) => text().trim().max(max);
const required = (max: number = SITE_LIMITS.line) => line(max).min(1, 'is required');
const paragraph = () => text().trim().max(SITE_LIMITS.paragraph);
const list = <T extends z.ZodType>(item: T) => z.array(item).max(SITE_LIMITS.list);

/** An address a reader may follow: http or https, nothing else (no `javascript:`, no `data:`). */
export const webAddress = () =>
  text()
    .trim()
    .max(SITE_LIMITS.url)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
      } catch {
        return false;
      }
    }, 'must be an http(s) address');
/** The same, or nothing. */
const optionalWebAddress = () => z.union([z.literal(''), webAddress()]);

const email = () => z.union([z.literal(''), text().trim().max(254).pipe(z.email('must be an e-mail address'))]);

const socialLinkSchema = z.object({ label: required(SITE_LIMITS.short), url: webAddress() });

const profileSchema = z.object({
  name: required(SITE_LIMITS.short),
  shortName: required(SITE_LIMITS.short),
  /** Under the author's name on a post (SPEC.md's `EdTech Professional`) and the JSON-LD job title. */
  caption: line(SITE_LIMITS.short),
  tagline: line(),
  description: paragraph(),
  location: line(SITE_LIMITS.short),
  email: email(),
  /** The owner's photo: an upload (`/objects/uploads/...`) or an http(s) image; empty for none. */
  photo: imageUrl(SITE_LIMITS.url),
  /** The hero's badge, `Available for projects`; empty hides it. */
  availability: line(SITE_LIMITS.short),
  socialLinks: list(socialLinkSchema),
});

const skillCardSchema = z.object({ title: required(SITE_LIMITS.short), description: paragraph() });
const partnerSchema = z.object({
  name: required(SITE_LIMITS.short),
  logo: imageUrl(SITE_LIMITS.url),
  description: paragraph(),
  tags: list(required(SITE_LIMITS.short)),
  website: optionalWebAddress(),
});
const figureSchema = z.object({ value: required(SITE_LIMITS.short), label: required(SITE_LIMITS.short) });

const homeSchema = z.object({
  /** Empty: `<name>: <tagline>`. */
  heroTitle: line(),
  /** Empty: the profile's description. */
  heroText: paragraph(),
  /** The line under the text (`7+ years of experience · 1000+ students impacted`); empty hides it. */
  heroNote: line(),
  skillsTitle: line(SITE_LIMITS.short),
  skillCards: list(skillCardSchema),
  partnersTitle: line(SITE_LIMITS.short),
  partnersText: paragraph(),
  partners: list(partnerSchema),
  /** The summary strip under the partners: SPEC.md's figures by default. */
  figures: list(figureSchema),
  /** The line under the figures (the countries reached). */
  figuresNote: line(),
});

const skillGroupSchema = z.object({ title: required(SITE_LIMITS.short), items: list(required(SITE_LIMITS.short)) });
const roleSchema = z.object({
  title: required(SITE_LIMITS.short),
  organization: line(SITE_LIMITS.short),
  location: line(SITE_LIMITS.short),
  start: line(SITE_LIMITS.short),
  /** Empty: the role goes on (shown as `Present`). */
  end: line(SITE_LIMITS.short),
  points: list(line()),
});
const projectSchema = z.object({
  name: required(SITE_LIMITS.short),
  description: paragraph(),
  outcome: paragraph(),
  url: optionalWebAddress(),
});
const educationSchema = z.object({
  kind: z.enum(['education', 'certificate']),
  title: required(SITE_LIMITS.short),
  institution: line(SITE_LIMITS.short),
  year: line(SITE_LIMITS.short),
});

const cvSchema = z.object({
  headline: line(),
  summary: paragraph(),
  skillGroups: list(skillGroupSchema),
  roles: list(roleSchema),
  projects: list(projectSchema),
  education: list(educationSchema),
  callToAction: paragraph(),
  /** The second button of the call to action (the first is `Email Me`); hidden without an address. */
  connectLabel: line(SITE_LIMITS.short),
  connectUrl: optionalWebAddress(),
});

/**
 * A category of the blog: its button's label, and the tags that put a post in it (the label
 * itself always does, ignoring case). Renaming a category in the form keeps the old label here,
 * so the posts tagged with it stay in the category; their tags are not rewritten.
 */
const blogCategorySchema = z.object({
  // A category matches tags, which are at most LIMITS.tag long.
  label: required(LIMITS.tag).refine(
    (value) => value.toLowerCase() !== ALL_POSTS_CATEGORY.toLowerCase(),
    'is the name of the list of every post',
  ),
  tags: list(required(LIMITS.tag)),
});
export type BlogCategoryEntry = z.infer<typeof blogCategorySchema>;

const blogSchema = z.object({
  title: required(SITE_LIMITS.short),
  description: paragraph(),
  categories: z
    .array(blogCategorySchema)
    .max(SITE_LIMITS.categories)
    .refine(
      (categories) => new Set(categories.map((category) => category.label.toLowerCase())).size === categories.length,
      'has the same label twice',
    ),
});

const metaSchema = z.object({
  /** The home page's `<title>` and `og:site_name`. */
  title: required(),
  keywords: list(required(SITE_LIMITS.short)),
  /** The share image of pages without one of their own (Open Graph, RSS). */
  shareImage: imageUrl(SITE_LIMITS.url),
  /** The browser tab's icon. */
  favicon: imageUrl(SITE_LIMITS.url),
  /** The footer's text beside the contact form. */
  footerText: paragraph(),
});

export const siteDocumentSchema = z.object({
  profile: profileSchema,
  home: homeSchema,
  cv: cvSchema,
  blog: blogSchema,
  meta: metaSchema,
});
export type SiteDocument = z.infer<typeof siteDocumentSchema>;

/** `GET /api/admin/site/revisions`: newest first. */
export const siteRevisionSchema = z.object({ id: z.string(), savedAt: z.string(), name: z.string() });
export type SiteRevision = z.infer<typeof siteRevisionSchema>;

/** Every label of the blog's category buttons, `All Posts` first. */
export const categoryLabels = (site: Pick<SiteDocument, 'blog'>): string[] => [
  ALL_POSTS_CATEGORY,
  ...site.blog.categories.map((category) => category.label),
];
