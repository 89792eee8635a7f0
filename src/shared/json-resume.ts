import { z } from 'zod';
import { isStorableText, NOT_TEXT_MESSAGE } from './fields.ts';
import { publicImageUrl } from './images.ts';
import { SITE_LIMITS, webAddress, type SiteDocument } from './site.ts';

/**
 * The CV as JSON Resume 1.0.0 (DESIGN.md "make it yours": `GET /resume.json` and `Import JSON
 * Resume` on `/admin/site`). Both directions live here so that what one writes the other reads.
 * One file for one mapping: its halves share the date, location and degree rules below.
 */

const SCHEMA_URL = 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json';

interface JsonResumeProfile {
  network: string;
  username?: string;
  url: string;
}

/** What `toJsonResume` writes: the sections of JSON Resume 1.0.0 the site document can fill. */
export interface JsonResume {
  $schema: string;
  basics: {
    name: string;
    label?: string;
    image?: string;
    email?: string;
    url?: string;
    summary?: string;
    location?: { city?: string; region?: string; countryCode?: string };
    profiles: JsonResumeProfile[];
  };
  work: Array<{
    name?: string;
    position: string;
    location?: string;
    startDate?: string;
    endDate?: string;
    highlights?: string[];
  }>;
  education: Array<{ institution?: string; area?: string; studyType?: string; endDate?: string }>;
  certificates: Array<{ name: string; issuer?: string; date?: string }>;
  skills: Array<{ name: string; keywords?: string[] }>;
  projects: Array<{ name: string; description?: string; highlights?: string[]; url?: string }>;
}

/** The object without its empty strings, empty lists and missing values: readers take "" as a value. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).filter(
      ([, field]) => field !== undefined && field !== '' && !(Array.isArray(field) && field.length === 0),
    ),
  ) as T;
}

// --- Dates: the CV keeps free text ("Jan 2022"); JSON Resume wants ISO 8601 (YYYY-MM-DD, YYYY-MM, YYYY).

const MONTHS = 'January February March April May June July August September October November December'.split(' ');

/** JSON Resume's own pattern allows the years 1000-2999. */
const isYear = (year: number) => year >= 1000 && year <= 2999;

/** "January", "Jan", "Jan." or "Sept" as 1-12; undefined for anything else. */
function monthOf(word: string): number | undefined {
  const lower = word.toLowerCase().replace(/\.$/, '');
  if (lower.length < 3) return undefined;
  const index = MONTHS.findIndex((month) => month.toLowerCase().startsWith(lower));
  return index === -1 ? undefined : index + 1;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A date as the CV writes it ("Jan 2022", "January 2022", "01/2022", "2022-01", "2022-01-15",
 * "2022") in ISO 8601 as JSON Resume wants it; undefined for any other text ("Spring 2022").
 */
function toIsoDate(value: string): string | undefined {
  const text = value.trim();
  let match = /^(\d{4})$/.exec(text);
  if (match) return isYear(Number(match[1])) ? match[1] : undefined;
  match = /^(\d{4})-(\d{2})(?:-(\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?)?$/.exec(text);
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), match[3] ? Number(match[3]) : undefined];
    if (!isYear(year) || month < 1 || month > 12) return undefined;
    if (day === undefined) return `${year}-${pad(month)}`;
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? `${year}-${pad(month)}-${pad(day)}` : undefined;
  }
  match = /^(\d{1,2})\/(\d{4})$/.exec(text) ?? /^([a-z]+\.?),?\s+(\d{4})$/i.exec(text);
  if (!match) return undefined;
  const month = /^\d+$/.test(match[1]!) ? Number(match[1]) : monthOf(match[1]!);
  const year = Number(match[2]);
  return month !== undefined && month >= 1 && month <= 12 && isYear(year) ? `${year}-${pad(month)}` : undefined;
}

/** The CV's short form of a JSON Resume date: "Jan 2022" or "2022" (a day is dropped); other text as it is. */
function toShortDate(value: string): string {
  const iso = toIsoDate(value);
  if (!iso) return value;
  return iso.length === 4 ? iso : `${MONTHS[Number(iso.slice(5, 7)) - 1]!.slice(0, 3)} ${iso.slice(0, 4)}`;
}

/** An end that means the role goes on, as some 0.x resumes write it. */
const isOngoing = (value: string) => /^(present|current|now|today|ongoing)$/i.test(value.trim());

// --- Location: the profile keeps one line; JSON Resume splits it.

/** Region codes ICU names that are not countries. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'QO', 'UN', 'ZZ']);
const countryKey = (name: string) => name.trim().toLowerCase().replace(/[’‘]/g, "'");
let countryCodes: Map<string, string> | undefined;

/** The ISO 3166-1 code of a country by its English name as ICU writes it ("Uganda" -> "UG"). */
function countryCodeOf(name: string): string | undefined {
  if (!countryCodes) {
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    countryCodes = new Map();
    for (let first = 65; first <= 90; first += 1) {
      for (let second = 65; second <= 90; second += 1) {
        const code = String.fromCharCode(first, second);
        const country = names.of(code);
        // Deprecated aliases (UK for GB) come later in the alphabet: the first code wins.
        if (country && !NOT_COUNTRIES.has(code) && !countryCodes.has(countryKey(country))) {
          countryCodes.set(countryKey(country), code);
        }
      }
    }
  }
  return countryCodes.get(countryKey(name));
}

function countryNameOf(code: string): string {
  if (!/^[a-z]{2}$/i.test(code)) return code;
  return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }).of(code.toUpperCase()) ?? code;
}

/**
 * "Kampala, Uganda" as city and country code, "Austin, Texas, United States" with the region too;
 * any other line (no known country last, more parts) goes whole into `city`.
 */
function toLocation(line: string): JsonResume['basics']['location'] {
  if (!line) return undefined;
  const parts = line.split(',').map((part) => part.trim());
  const countryCode = parts.length >= 2 && parts.length <= 3 && parts.every(Boolean) ? countryCodeOf(parts.at(-1)!) : undefined;
  if (!countryCode) return { city: line };
  return compact({ city: parts[0], region: parts.length === 3 ? parts[1] : '', countryCode });
}

// --- Education: the CV keeps one title ("MSc Education and Technology"); JSON Resume splits it.

const DEGREE_ABBREVIATIONS = new Set(
  'AA AS BA BS BSC BENG BED BCOM BBA BFA BTECH BARCH BMUS BPHIL LLB LLM MA MS MSC MENG MED MBA MFA MPHIL MRES MPH MPA MTECH MARCH MMUS PHD DPHIL EDD DBA MD HND PGCE PGDIP'.split(
    ' ',
  ),
);
const isDegreeAbbreviation = (word: string) =>
  /^[A-Z]/.test(word) && DEGREE_ABBREVIATIONS.has(word.replace(/\./g, '').toUpperCase());
const DEGREE_WORD = /^(bachelor|master|doctor|associate|diploma|certificate|licentiate)/i;

/**
 * "MSc Education and Technology" -> MSc + Education and Technology; "Bachelor of Science in
 * Physics" -> Bachelor of Science + Physics; a title with no degree first is all `area`.
 */
function splitDegree(title: string): { studyType?: string; area?: string } {
  const [first = '', ...rest] = title.split(/\s+/);
  if (isDegreeAbbreviation(first)) return { studyType: first, area: rest.join(' ').replace(/^(in|of)\s+/i, '') };
  if (!DEGREE_WORD.test(title)) return { area: title };
  const at = title.search(/\s+in\s+/i);
  return at > 0 ? { studyType: title.slice(0, at), area: title.slice(at).replace(/^\s+in\s+/i, '') } : { studyType: title };
}

/** The reverse of splitDegree: "MSc" + "Physics" -> "MSc Physics", "Bachelor" + "Physics" -> "Bachelor in Physics". */
function degreeTitle(studyType: string, area: string): string {
  if (!studyType || !area) return studyType || area;
  return isDegreeAbbreviation(studyType) ? `${studyType} ${area}` : `${studyType} in ${area}`;
}

// --- Social links: a username when the address names one ("https://x.com/name", "/@name", "/in/name").

const USER_PATH_PREFIXES = new Set(['in', 'u', 'user', 'users', 'profile']);

function usernameOf(address: string): string | undefined {
  const url = new URL(address);
  if (url.search) return undefined;
  const segments = url.pathname.split('/').filter(Boolean);
  const named = segments.length === 1 || (segments.length === 2 && USER_PATH_PREFIXES.has(segments[0]!.toLowerCase()));
  if (!named) return undefined;
  try {
    return decodeURIComponent(segments.at(-1)!).replace(/^@/, '') || undefined;
  } catch {
    return undefined;
  }
}

/** The CV of `site` as JSON Resume 1.0.0; `siteUrl` is the site's address (SITE_URL). */
export function toJsonResume(site: SiteDocument, siteUrl: string): JsonResume {
  const { profile, cv } = site;
  const education = cv.education.filter((entry) => entry.kind === 'education');
  const certificates = cv.education.filter((entry) => entry.kind === 'certificate');
  return {
    $schema: SCHEMA_URL,
    basics: {
      ...compact({
        name: profile.name,
        label: profile.caption,
        image: profile.photo ? new URL(profile.photo, siteUrl).href : undefined,
        email: profile.email,
        url: siteUrl,
        summary: cv.summary,
        location: toLocation(profile.location),
      }),
      profiles: profile.socialLinks.map((link) =>
        compact({ network: link.label, username: usernameOf(link.url), url: link.url }),
      ),
    },
    work: cv.roles.map((role) =>
      compact({
        name: role.organization,
        position: role.title,
        location: role.location,
        startDate: toIsoDate(role.start),
        endDate: role.end && !isOngoing(role.end) ? toIsoDate(role.end) : undefined,
        highlights: role.points.filter(Boolean),
      }),
    ),
    education: education.map((entry) =>
      compact({ institution: entry.institution, ...splitDegree(entry.title), endDate: toIsoDate(entry.year) }),
    ),
    certificates: certificates.map((entry) =>
      compact({ name: entry.title, issuer: entry.institution, date: toIsoDate(entry.year) }),
    ),
    skills: cv.skillGroups.map((group) => compact({ name: group.title, keywords: group.items })),
    projects: cv.projects.map((project) =>
      compact({
        name: project.name,
        description: project.description,
        highlights: project.outcome ? [project.outcome] : [],
        url: project.url,
      }),
    ),
  };
}

// --- Import: lenient on shape (0.x and 1.0 names, missing fields, numbers for text), strict on meaning.

const notResume = (reason: string) => new Error(`This file is not a JSON Resume: ${reason}`);

const textValue = z
  .union([z.string(), z.number().transform(String)], { error: 'must be text' })
  .nullish()
  .transform((value) => (value ?? '').trim())
  .refine(isStorableText, NOT_TEXT_MESSAGE);
const textList = z
  .array(textValue, { error: 'must be a list of text' })
  .nullish()
  .transform((value) => (value ?? []).filter(Boolean));
const entryOf = <T extends z.core.$ZodLooseShape>(shape: T) => z.looseObject(shape, { error: 'must be an object' });
const rawList = z.array(z.unknown(), { error: 'must be a list' }).nullish();

const basicsInput = entryOf({
  name: textValue,
  label: textValue,
  image: textValue,
  picture: textValue, // 0.x
  email: textValue,
  summary: textValue,
  location: z
    .union([textValue, entryOf({ city: textValue, region: textValue, countryCode: textValue })], {
      error: 'must be an object',
    })
    .nullish(),
  profiles: rawList,
});
const profileInput = entryOf({ network: textValue, username: textValue, url: textValue });
const workInput = entryOf({
  name: textValue,
  company: textValue, // 0.x
  position: textValue,
  location: textValue,
  startDate: textValue,
  endDate: textValue,
  summary: textValue,
  highlights: textList,
});
const educationInput = entryOf({ institution: textValue, area: textValue, studyType: textValue, endDate: textValue });
const certificateInput = entryOf({ name: textValue, issuer: textValue, date: textValue });
const skillInput = entryOf({ name: textValue, keywords: textList });
const projectInput = entryOf({ name: textValue, description: textValue, highlights: textList, url: textValue });

/** The keys each part reads; any other key with something in it is reported. `$schema` only names the format. */
const READ = {
  resume: new Set(['$schema', 'basics', 'work', 'education', 'certificates', 'skills', 'projects']),
  basics: new Set(['name', 'label', 'image', 'picture', 'email', 'summary', 'location', 'profiles']),
  location: new Set(['city', 'region', 'countryCode']),
  profile: new Set(['network', 'username', 'url']),
  work: new Set(['name', 'company', 'position', 'location', 'startDate', 'endDate', 'summary', 'highlights']),
  education: new Set(['institution', 'area', 'studyType', 'endDate']),
  certificate: new Set(['name', 'issuer', 'date']),
  skill: new Set(['name', 'keywords']),
  project: new Set(['name', 'description', 'highlights', 'url']),
};
const SECTIONS = [
  'basics',
  'work',
  'volunteer',
  'education',
  'awards',
  'certificates',
  'publications',
  'skills',
  'languages',
  'interests',
  'references',
  'projects',
  'meta',
];

/** Whether a value holds anything a person wrote (empty strings, lists and objects do not). */
function hasContent(value: unknown, depth = 0): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (depth > 32) return true;
  if (Array.isArray(value)) return value.some((item) => hasContent(item, depth + 1));
  if (typeof value === 'object') return Object.values(value).some((item) => hasContent(item, depth + 1));
  return true;
}

const plural = (count: number) => `${count} ${count === 1 ? 'entry' : 'entries'}`;

/** What the import could not carry, as readable paths: "awards (2 entries)", "basics.phone". */
class Unmapped {
  private readonly notes = new Map<string, { path: string; detail: string; count?: number }>();

  /** A field or section of one value: "basics.phone", "basics.email (not an e-mail address)". */
  field(path: string, detail = ''): void {
    this.notes.set(`${path}\n${detail}`, { path, detail });
  }

  /** Entries of a list, counted: "work[].url (3 entries)", "work (60 entries, the first 50 kept)". */
  entries(path: string, count: number, detail = ''): void {
    const key = `${path}\n${detail}`;
    const note = this.notes.get(key);
    if (note) note.count = (note.count ?? 0) + count;
    else this.notes.set(key, { path, detail, count });
  }

  /** The keys of `raw` that `read` does not name and that hold something. */
  otherKeys(raw: unknown, read: ReadonlySet<string>, path: string, counted: boolean): void {
    for (const [key, value] of Object.entries(raw as object)) {
      if (read.has(key) || !hasContent(value)) continue;
      if (counted) this.entries(`${path}.${key}`, 1);
      else this.field(`${path}.${key}`);
    }
  }

  list(): string[] {
    return [...this.notes.values()].map(({ path, detail, count }) => {
      if (count === undefined) return detail ? `${path} (${detail})` : path;
      return `${path} (${plural(count)}${detail})`;
    });
  }
}

/** `value` parsed by `schema`, or the error a person reads, naming where in the file. */
function parseAt<T>(schema: z.ZodType<T>, value: unknown, path: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const where = issue.path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}.${String(key)}`),
    path,
  );
  throw notResume(`${where} ${issue.message}.`);
}

/** At most `max` UTF-16 units, as the schema counts, never splitting a surrogate pair. */
function cut(value: string, max: number, onCut: () => void): string {
  if (value.length <= max) return value;
  onCut();
  const head = value.slice(0, max);
  return (/[\ud800-\udbff]$/.test(head) ? head.slice(0, -1) : head).trimEnd();
}

/** A list section of the file, parsed entry by entry, keeping at most the site's list limit. */
function listSection(raw: unknown, path: string, report: Unmapped): unknown[] {
  const list = parseAt(rawList, raw, path) ?? [];
  if (list.length > SITE_LIMITS.list) {
    report.entries(path, list.length, `, the first ${SITE_LIMITS.list} kept`);
  }
  return list.slice(0, SITE_LIMITS.list);
}

type Profile = SiteDocument['profile'];
type Cv = SiteDocument['cv'];
type EducationEntry = Cv['education'][number];

function importBasics(raw: unknown, current: Profile, report: Unmapped): { profile: Profile; summary?: string } {
  const basics = parseAt(basicsInput, raw, 'basics');
  report.otherKeys(raw, READ.basics, 'basics', false);
  const profile = { ...current };
  const fit = (value: string, max: number, path: string) => cut(value, max, () => report.field(path, `cut to ${max} characters`));
  if (basics.name) {
    profile.name = fit(basics.name, SITE_LIMITS.short, 'basics.name');
    profile.shortName = profile.name.split(/\s+/)[0]!;
  }
  if (basics.label) profile.caption = fit(basics.label, SITE_LIMITS.short, 'basics.label');
  const image = basics.image || basics.picture;
  // The 0.x names are read only in place of the 1.0 ones; beside them they are one more value.
  if (basics.image && basics.picture && basics.picture !== basics.image) report.field('basics.picture');
  if (image) {
    if (image.length <= SITE_LIMITS.url && publicImageUrl(image) !== undefined) profile.photo = image;
    else report.field('basics.image', 'not an http(s) address');
  }
  if (basics.email) {
    if (basics.email.length <= 254 && z.email().safeParse(basics.email).success) profile.email = basics.email;
    else report.field('basics.email', 'not an e-mail address');
  }
  if (typeof basics.location === 'string' && basics.location) {
    profile.location = fit(basics.location, SITE_LIMITS.short, 'basics.location');
  } else if (basics.location && typeof basics.location === 'object') {
    report.otherKeys(basics.location, READ.location, 'basics.location', false);
    const { city, region, countryCode } = basics.location;
    const line = [city, region, countryCode && countryNameOf(countryCode)].filter(Boolean).join(', ');
    if (line) profile.location = fit(line, SITE_LIMITS.short, 'basics.location');
  }
  if (basics.profiles) profile.socialLinks = importProfiles(basics.profiles, report);
  const summary = basics.summary ? fit(basics.summary, SITE_LIMITS.paragraph, 'basics.summary') : undefined;
  return { profile, summary };
}

function importProfiles(raw: unknown[], report: Unmapped): Profile['socialLinks'] {
  return listSection(raw, 'basics.profiles', report).flatMap((item, index) => {
    const entry = parseAt(profileInput, item, `basics.profiles[${index}]`);
    if (!entry.url) {
      if (hasContent(item)) report.entries('basics.profiles[]', 1, ' without a url');
      return [];
    }
    if (!webAddress().safeParse(entry.url).success) {
      report.entries('basics.profiles[].url', 1, ' not an http(s) address');
      return [];
    }
    report.otherKeys(item, READ.profile, 'basics.profiles[]', true);
    if (entry.username && !entry.url.toLowerCase().includes(entry.username.toLowerCase().replace(/^@/, ''))) {
      report.entries('basics.profiles[].username', 1);
    }
    const label = entry.network || new URL(entry.url).hostname.replace(/^www\./, '');
    return [
      {
        label: cut(label, SITE_LIMITS.short, () =>
          report.entries('basics.profiles[].network', 1, ` cut to ${SITE_LIMITS.short} characters`),
        ),
        url: entry.url,
      },
    ];
  });
}

/** Helpers for one list section: text cut to its cap and lists to the list limit, each reported. */
function sectionTools(section: string, report: Unmapped) {
  const fit = (value: string, max: number, field: string) =>
    cut(value, max, () => report.entries(`${section}[].${field}`, 1, ` cut to ${max} characters`));
  const fitList = (values: string[], max: number, field: string) => {
    if (values.length > SITE_LIMITS.list) {
      report.entries(`${section}[].${field}`, 1, ` with more than ${SITE_LIMITS.list} items, the first ${SITE_LIMITS.list} kept`);
    }
    return values.slice(0, SITE_LIMITS.list).map((value) => fit(value, max, field));
  };
  const skip = (item: unknown, why: string) => {
    if (hasContent(item)) report.entries(`${section}[]`, 1, ` without ${why}`);
    return [];
  };
  return { fit, fitList, skip };
}

function importWork(raw: unknown, report: Unmapped): Cv['roles'] {
  const { fit, fitList, skip } = sectionTools('work', report);
  return listSection(raw, 'work', report).flatMap((item, index) => {
    const entry = parseAt(workInput, item, `work[${index}]`);
    if (!entry.position) return skip(item, 'a position');
    report.otherKeys(item, READ.work, 'work[]', true);
    if (entry.name && entry.company && entry.company !== entry.name) report.entries('work[].company', 1);
    const end = isOngoing(entry.endDate) ? '' : toShortDate(entry.endDate);
    // The summary leads the points, a line each: the role has no other place for prose.
    const summaryLines = entry.summary.split(/\r?\n/).map((line) => line.trim());
    return [
      {
        title: fit(entry.position, SITE_LIMITS.short, 'position'),
        organization: fit(entry.name || entry.company, SITE_LIMITS.short, 'name'),
        location: fit(entry.location, SITE_LIMITS.short, 'location'),
        start: fit(toShortDate(entry.startDate), SITE_LIMITS.short, 'startDate'),
        end: fit(end, SITE_LIMITS.short, 'endDate'),
        points: fitList([...summaryLines, ...entry.highlights].filter(Boolean), SITE_LIMITS.line, 'highlights'),
      },
    ];
  });
}

function importEducation(raw: unknown, report: Unmapped): EducationEntry[] {
  const { fit, skip } = sectionTools('education', report);
  return listSection(raw, 'education', report).flatMap((item, index) => {
    const entry = parseAt(educationInput, item, `education[${index}]`);
    const title = degreeTitle(entry.studyType, entry.area);
    if (!title) return skip(item, 'a study type or area');
    report.otherKeys(item, READ.education, 'education[]', true);
    return [
      {
        kind: 'education' as const,
        title: fit(title, SITE_LIMITS.short, 'area'),
        institution: fit(entry.institution, SITE_LIMITS.short, 'institution'),
        year: fit(toShortDate(entry.endDate), SITE_LIMITS.short, 'endDate'),
      },
    ];
  });
}

function importCertificates(raw: unknown, report: Unmapped): EducationEntry[] {
  const { fit, skip } = sectionTools('certificates', report);
  return listSection(raw, 'certificates', report).flatMap((item, index) => {
    const entry = parseAt(certificateInput, item, `certificates[${index}]`);
    if (!entry.name) return skip(item, 'a name');
    report.otherKeys(item, READ.certificate, 'certificates[]', true);
    return [
      {
        kind: 'certificate' as const,
        title: fit(entry.name, SITE_LIMITS.short, 'name'),
        institution: fit(entry.issuer, SITE_LIMITS.short, 'issuer'),
        year: fit(toShortDate(entry.date), SITE_LIMITS.short, 'date'),
      },
    ];
  });
}

function importSkills(raw: unknown, report: Unmapped): Cv['skillGroups'] {
  const { fit, fitList, skip } = sectionTools('skills', report);
  return listSection(raw, 'skills', report).flatMap((item, index) => {
    const entry = parseAt(skillInput, item, `skills[${index}]`);
    if (!entry.name) return skip(item, 'a name');
    report.otherKeys(item, READ.skill, 'skills[]', true);
    return [{ title: fit(entry.name, SITE_LIMITS.short, 'name'), items: fitList(entry.keywords, SITE_LIMITS.short, 'keywords') }];
  });
}

function importProjects(raw: unknown, report: Unmapped): Cv['projects'] {
  const { fit, skip } = sectionTools('projects', report);
  return listSection(raw, 'projects', report).flatMap((item, index) => {
    const entry = parseAt(projectInput, item, `projects[${index}]`);
    if (!entry.name) return skip(item, 'a name');
    report.otherKeys(item, READ.project, 'projects[]', true);
    const url = entry.url && webAddress().safeParse(entry.url).success ? entry.url : '';
    if (entry.url && !url) report.entries('projects[].url', 1, ' not an http(s) address');
    return [
      {
        name: fit(entry.name, SITE_LIMITS.short, 'name'),
        description: fit(entry.description, SITE_LIMITS.paragraph, 'description'),
        // The project's one outcome; several highlights become its sentences.
        outcome: fit(entry.highlights.join(' '), SITE_LIMITS.paragraph, 'highlights'),
        url,
      },
    ];
  });
}

const utf8Bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/** The CV lists, by the JSON Resume section they come from, shortened last entry first to fit the byte cap. */
const CV_LISTS = [
  ['roles', 'work'],
  ['projects', 'projects'],
  ['education', 'education and certificates'],
  ['skillGroups', 'skills'],
] as const;

/** Drops the last entries of the largest CV lists until the document fits SITE_LIMITS.bytes (the save's body limit). */
function fitBytes(document: SiteDocument, report: Unmapped): void {
  let total = utf8Bytes(document);
  if (total <= SITE_LIMITS.bytes) return;
  // Each entry measured once: dropping the last of n entries takes its bytes and, when n > 1, a comma.
  const sizes = CV_LISTS.map(([key]) => (document.cv[key] as unknown[]).map(utf8Bytes));
  const kept = sizes.map((list) => list.length);
  const sum = (index: number) => sizes[index]!.slice(0, kept[index]).reduce((a, b) => a + b, 0);
  while (total > SITE_LIMITS.bytes) {
    const largest = sizes.reduce((best, _, index) => (sum(index) > sum(best) ? index : best), 0);
    if (kept[largest] === 0) break;
    kept[largest]! -= 1;
    total -= sizes[largest]![kept[largest]!]! + (kept[largest]! > 0 ? 1 : 0);
    report.entries(CV_LISTS[largest]![1], 1, ` dropped to keep the site under ${SITE_LIMITS.bytes / 1024} KB`);
  }
  document.cv = {
    ...document.cv,
    roles: document.cv.roles.slice(0, kept[0]),
    projects: document.cv.projects.slice(0, kept[1]),
    education: document.cv.education.slice(0, kept[2]),
    skillGroups: document.cv.skillGroups.slice(0, kept[3]),
  };
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return 'it is empty';
  if (Array.isArray(value)) return 'it holds a list, not an object with sections such as basics and work';
  if (typeof value === 'string') return 'it holds text, not an object with sections such as basics and work';
  return `it holds a ${typeof value}, not an object with sections such as basics and work`;
}

/**
 * A JSON Resume (0.x or 1.0, parsed from its file) poured into the Profile and CV of `current`, for
 * the author to review and save. A section or field absent from the file keeps its current value;
 * Home, Blog and Meta are untouched. `unmapped` names, as readable paths, everything the file holds
 * that the document has no place for or that was cut to the document's limits.
 */
export function fromJsonResume(input: unknown, current: SiteDocument): { document: SiteDocument; unmapped: string[] } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw notResume(`${describe(input)}.`);
  const resume = input as Record<string, unknown>;
  if (!SECTIONS.some((section) => section in resume)) {
    throw notResume(`it has none of its sections (${SECTIONS.join(', ')}).`);
  }
  const report = new Unmapped();
  for (const [key, value] of Object.entries(resume)) {
    if (READ.resume.has(key) || !hasContent(value)) continue;
    if (Array.isArray(value)) report.entries(key, value.length);
    else report.field(key);
  }

  let profile = current.profile;
  const cv = { ...current.cv };
  if (resume.basics != null) {
    const basics = importBasics(resume.basics, current.profile, report);
    profile = basics.profile;
    if (basics.summary) cv.summary = basics.summary;
  }
  if (resume.work != null) cv.roles = importWork(resume.work, report);
  if (resume.skills != null) cv.skillGroups = importSkills(resume.skills, report);
  if (resume.projects != null) cv.projects = importProjects(resume.projects, report);
  if (resume.education != null || resume.certificates != null) {
    const keep = (kind: EducationEntry['kind']) => current.cv.education.filter((entry) => entry.kind === kind);
    const education = resume.education != null ? importEducation(resume.education, report) : keep('education');
    const certificates = resume.certificates != null ? importCertificates(resume.certificates, report) : keep('certificate');
    const room = SITE_LIMITS.list - education.length;
    if (certificates.length > room) {
      report.entries(
        'certificates',
        certificates.length - room,
        `, dropped: education and certificates share a list of ${SITE_LIMITS.list}`,
      );
    }
    cv.education = [...education, ...certificates.slice(0, room)];
  }

  const document: SiteDocument = { ...current, profile, cv };
  fitBytes(document, report);
  return { document, unmapped: report.list() };
}
