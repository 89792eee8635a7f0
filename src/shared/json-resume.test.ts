import { describe, expect, it } from 'vitest';
import { z } from 'zod';
// eslint-disable-next-line no-restricted-imports -- a test, not shipped code: the round trip is of the real defaults
import { defaultSite } from '../content/site.ts';
import fullResume from './__fixtures__/json-resume-full.json' with { type: 'json' };
import { fromJsonResume, toJsonResume } from './json-resume.ts';
import { SITE_LIMITS, siteDocumentSchema, type SiteDocument } from './site.ts';

const SITE_URL = 'https://amara.example.org';

/** JSON Resume 1.0.0 as its schema.json defines it, closed at every level so that a misspelt key fails. */
const iso8601 = z
  .string()
  .regex(/^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$/, 'not ISO 8601');
const text = z.string().optional();
const date = iso8601.optional();
const texts = z.array(z.string()).optional();
const uri = z.url().optional();
const entries = <T extends z.ZodRawShape>(shape: T) => z.array(z.strictObject(shape)).optional();
const jsonResumeV1 = z.strictObject({
  $schema: uri,
  basics: z
    .strictObject({
      name: text,
      label: text,
      image: uri,
      email: z.email().optional(),
      phone: text,
      url: uri,
      summary: text,
      location: z.strictObject({ address: text, postalCode: text, city: text, countryCode: text, region: text }).optional(),
      profiles: entries({ network: text, username: text, url: uri }),
    })
    .optional(),
  work: entries({
    name: text,
    location: text,
    description: text,
    position: text,
    url: uri,
    startDate: date,
    endDate: date,
    summary: text,
    highlights: texts,
  }),
  volunteer: entries({
    organization: text,
    position: text,
    url: uri,
    startDate: date,
    endDate: date,
    summary: text,
    highlights: texts,
  }),
  education: entries({
    institution: text,
    url: uri,
    area: text,
    studyType: text,
    startDate: date,
    endDate: date,
    score: text,
    courses: texts,
  }),
  awards: entries({ title: text, date, awarder: text, summary: text }),
  certificates: entries({ name: text, date, url: uri, issuer: text }),
  publications: entries({ name: text, publisher: text, releaseDate: date, url: uri, summary: text }),
  skills: entries({ name: text, level: text, keywords: texts }),
  languages: entries({ language: text, fluency: text }),
  interests: entries({ name: text, keywords: texts }),
  references: entries({ name: text, reference: text }),
  projects: entries({
    name: text,
    description: text,
    highlights: texts,
    keywords: texts,
    startDate: date,
    endDate: date,
    url: uri,
    roles: texts,
    entity: text,
    type: text,
  }),
  meta: z.strictObject({ canonical: uri, version: text, lastModified: text }).optional(),
});

/** Every field path of a zod schema ("basics.profiles[].url"), to check a fixture uses them all. */
function fieldPaths(schema: z.ZodType, prefix = ''): string[] {
  if (schema instanceof z.ZodOptional) return fieldPaths(schema.unwrap() as z.ZodType, prefix);
  if (schema instanceof z.ZodArray) return fieldPaths(schema.element as z.ZodType, `${prefix}[]`);
  if (schema instanceof z.ZodObject) {
    return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, field]) =>
      fieldPaths(field, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [prefix];
}

/** Whether `value` holds something at `path` ("work[].highlights[]"), in any entry of a list. */
function holds(value: unknown, path: string[]): boolean {
  const [head, ...rest] = path;
  if (head === undefined) return value !== undefined && value !== null && value !== '';
  if (head === '[]') return Array.isArray(value) && value.some((item) => holds(item, rest));
  return typeof value === 'object' && value !== null && holds((value as Record<string, unknown>)[head], rest);
}
const pathParts = (path: string) => path.split(/\.|(?=\[\])/).filter(Boolean);

/** Every string anywhere in a value, to check that none is empty. */
const stringsIn = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.values(value).flatMap(stringsIn)
      : [];

/** A saved document whose Profile and CV differ from the defaults in every field. */
function otherSite(): SiteDocument {
  const site = structuredClone(defaultSite);
  site.profile = {
    name: 'Someone Else',
    shortName: 'Someone',
    caption: 'Other caption',
    tagline: 'Other tagline',
    description: 'Other description',
    location: 'Nowhere',
    email: 'other@example.net',
    photo: '/images/other.png',
    availability: 'Busy',
    socialLinks: [{ label: 'Blog', url: 'https://other.example.net' }],
  };
  site.cv = {
    headline: 'Other headline',
    summary: 'Other summary',
    skillGroups: [{ title: 'Other skills', items: ['One'] }],
    roles: [{ title: 'Other role', organization: '', location: '', start: '', end: '', points: [] }],
    projects: [{ name: 'Other project', description: '', outcome: '', url: '' }],
    education: [
      { kind: 'education', title: 'Other degree', institution: 'Other school', year: '2000' },
      { kind: 'certificate', title: 'Other certificate', institution: 'Other issuer', year: '2001' },
    ],
    callToAction: 'Other call',
    connectLabel: 'Other connect',
    connectUrl: 'https://other.example.net/connect',
  };
  site.home.heroTitle = 'Other home';
  site.blog.title = 'Other blog';
  site.meta.title = 'Other meta';
  return siteDocumentSchema.parse(site);
}

const importInto = (input: unknown, current: SiteDocument = otherSite()) => {
  const result = fromJsonResume(input, current);
  siteDocumentSchema.parse(result.document);
  return result;
};

const sorted = (values: string[]) => [...values].sort();

describe('toJsonResume', () => {
  const resume = toJsonResume(defaultSite, SITE_URL);

  it('writes JSON Resume 1.0.0 with no empty strings', () => {
    expect(jsonResumeV1.safeParse(resume).error?.issues ?? []).toEqual([]);
    expect(resume.$schema).toBe('https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json');
    expect(stringsIn(resume).filter((value) => value.trim() === '')).toEqual([]);
  });

  it('maps the profile into basics, with the location split and usernames from the links', () => {
    expect(resume.basics).toEqual({
      name: 'Amara Nakato',
      label: 'EdTech Professional',
      email: 'hello@example.com',
      url: SITE_URL,
      summary: defaultSite.cv.summary,
      location: { city: 'Kampala', countryCode: 'UG' },
      profiles: [
        { network: 'LinkedIn', username: 'example', url: 'https://www.linkedin.com/in/example' },
        { network: 'X', username: 'example', url: 'https://x.com/example' },
        { network: 'GitHub', username: 'example', url: 'https://github.com/example' },
      ],
    });
  });

  it('maps roles to work with ISO dates, a current role without endDate', () => {
    expect(resume.work[0]).toEqual({
      name: 'Future Leaders Network',
      position: 'Founder and Programme Director',
      location: 'Kampala, Uganda',
      startDate: '2022-01',
      highlights: defaultSite.cv.roles[0]!.points,
    });
    expect(resume.work[1]).toMatchObject({ startDate: '2020-03', endDate: '2021-12' });
    expect(resume.work).toHaveLength(defaultSite.cv.roles.length);
  });

  it('splits education from certificates, degrees into study type and area', () => {
    expect(resume.education).toEqual([
      {
        institution: 'University College London',
        studyType: 'MSc',
        area: 'Education and Technology',
        endDate: '2019',
      },
      { institution: 'Makerere University', studyType: 'BSc', area: 'Computer Science', endDate: '2015' },
    ]);
    expect(resume.certificates).toEqual([
      {
        name: 'Certified Project Management Professional (PMP)',
        issuer: 'Project Management Institute',
        date: '2021',
      },
      { name: 'Google Certified Educator, Level 2', issuer: 'Google for Education', date: '2018' },
    ]);
  });

  it('maps skill groups and projects, leaving out empty urls', () => {
    expect(resume.skills[0]).toEqual({ name: 'Curriculum Design', keywords: defaultSite.cv.skillGroups[0]!.items });
    expect(resume.projects[0]).toEqual({
      name: 'Offline Classroom Kit',
      description: defaultSite.cv.projects[0]!.description,
      highlights: [defaultSite.cv.projects[0]!.outcome],
    });
  });

  it('makes an uploaded photo absolute and keeps an http(s) one', () => {
    const site = structuredClone(defaultSite);
    site.profile.photo = '/objects/uploads/0b7e5a52-3c1f-4d6e-9a8b-2f4c6d8e0a1b';
    expect(toJsonResume(site, SITE_URL).basics.image).toBe(`${SITE_URL}${site.profile.photo}`);
    site.profile.photo = 'https://cdn.example.net/me.jpg';
    expect(toJsonResume(site, SITE_URL).basics.image).toBe('https://cdn.example.net/me.jpg');
  });

  it('converts the dates it can read and leaves out the others', () => {
    const site = structuredClone(defaultSite);
    const role = { title: 'Role', organization: '', location: '', points: [] };
    site.cv.roles = [
      { ...role, start: 'January 2022', end: 'Sept. 2023' },
      { ...role, start: '03/2020', end: 'Present' },
      { ...role, start: '2019-06-15', end: '2021' },
      { ...role, start: 'Spring 2022', end: 'Feb 2023' },
      { ...role, start: 'Jun 0999', end: '2022-13' },
    ];
    site.profile.location = 'Somewhere, Atlantis';
    const written = toJsonResume(site, SITE_URL);
    expect(written.work.map(({ startDate, endDate }) => ({ startDate, endDate }))).toEqual([
      { startDate: '2022-01', endDate: '2023-09' },
      { startDate: '2020-03', endDate: undefined },
      { startDate: '2019-06-15', endDate: '2021' },
      { startDate: undefined, endDate: '2023-02' },
      { startDate: undefined, endDate: undefined },
    ]);
    expect(written.basics.location).toEqual({ city: 'Somewhere, Atlantis' });
    expect(jsonResumeV1.safeParse(written).success).toBe(true);
  });

  it('splits a city, region and country', () => {
    const site = structuredClone(defaultSite);
    site.profile.location = 'Austin, Texas, United States';
    expect(toJsonResume(site, SITE_URL).basics.location).toEqual({
      city: 'Austin',
      region: 'Texas',
      countryCode: 'US',
    });
  });
});

describe('fromJsonResume', () => {
  it('gives back every Profile and CV value the format carries (round trip of the defaults)', () => {
    const current = otherSite();
    const { document, unmapped } = importInto(toJsonResume(defaultSite, SITE_URL), current);
    const { profile, cv } = defaultSite;
    expect(document.profile).toEqual({
      ...current.profile,
      name: profile.name,
      shortName: profile.shortName,
      caption: profile.caption,
      location: profile.location,
      email: profile.email,
      socialLinks: profile.socialLinks,
    });
    expect(document.cv).toEqual({
      ...current.cv,
      summary: cv.summary,
      skillGroups: cv.skillGroups,
      roles: cv.roles,
      projects: cv.projects,
      education: cv.education,
    });
    expect({ home: document.home, blog: document.blog, meta: document.meta }).toEqual({
      home: current.home,
      blog: current.blog,
      meta: current.meta,
    });
    // The site's own address comes from SITE_URL, not from the document.
    expect(unmapped).toEqual(['basics.url']);
  });

  it('maps every section of a full resume and names exactly what it cannot carry', () => {
    expect(jsonResumeV1.safeParse(fullResume).error?.issues ?? []).toEqual([]);
    const missing = fieldPaths(jsonResumeV1).filter((path) => !holds(fullResume, pathParts(path)));
    expect(missing).toEqual([]);

    const { document, unmapped } = importInto(fullResume);
    expect(document.profile).toMatchObject({
      name: 'Kwabena Asante-Lindqvist',
      shortName: 'Kwabena',
      caption: 'Agritech Data Engineer',
      photo: 'https://kwabena.example.com/images/portrait.jpg',
      email: 'kwabena@example.com',
      location: 'Accra, Greater Accra, Ghana',
      tagline: 'Other tagline',
      socialLinks: [
        { label: 'GitHub', url: 'https://github.com/kasante' },
        { label: 'LinkedIn', url: 'https://www.linkedin.com/in/kwabena-asante' },
        { label: 'Mastodon', url: 'https://mastodon.example.social/@kwabena' },
      ],
    });
    expect(document.cv.summary).toBe(fullResume.basics.summary);
    expect(document.cv.roles).toEqual([
      {
        title: 'Lead Data Engineer',
        organization: 'Harvest Signal',
        location: 'Accra, Ghana',
        start: 'Mar 2021',
        end: '',
        points: [fullResume.work[0]!.summary, ...fullResume.work[0]!.highlights],
      },
      {
        title: 'Research Data Analyst',
        organization: 'Nordic Soil Institute',
        location: 'Uppsala, Sweden',
        start: 'Sep 2016',
        end: 'Feb 2021',
        points: [fullResume.work[1]!.summary, ...fullResume.work[1]!.highlights],
      },
    ]);
    expect(document.cv.education).toEqual([
      {
        kind: 'education',
        title: 'MSc Agricultural Data Science',
        institution: 'Swedish University of Agricultural Sciences',
        year: 'Jun 2016',
      },
      {
        kind: 'education',
        title: 'Bachelor of Science in Agricultural Engineering',
        institution: 'Kwame Nkrumah University of Science and Technology',
        year: 'Jul 2013',
      },
      {
        kind: 'certificate',
        title: 'Professional Data Engineer',
        institution: 'Example Cloud Academy',
        year: 'May 2022',
      },
      {
        kind: 'certificate',
        title: 'PostgreSQL Associate',
        institution: 'Example Database Foundation',
        year: 'Oct 2019',
      },
    ]);
    expect(document.cv.skillGroups).toEqual([
      { title: 'Data Engineering', items: ['Python', 'PostgreSQL', 'Airflow', 'dbt'] },
      { title: 'Geospatial Analysis', items: ['PostGIS', 'QGIS', 'Remote sensing'] },
    ]);
    expect(document.cv.projects[0]).toEqual({
      name: 'Rain Ready',
      description: fullResume.projects[0]!.description,
      outcome: fullResume.projects[0]!.highlights.join(' '),
      url: 'https://rainready.example.com',
    });
    expect(document.cv.headline).toBe('Other headline');

    expect(sorted(unmapped)).toEqual(
      sorted([
        'basics.phone',
        'basics.url',
        'basics.location.address',
        'basics.location.postalCode',
        'work[].description (2 entries)',
        'work[].url (2 entries)',
        'volunteer (2 entries)',
        'education[].url (2 entries)',
        'education[].startDate (2 entries)',
        'education[].score (2 entries)',
        'education[].courses (2 entries)',
        'awards (2 entries)',
        'certificates[].url (2 entries)',
        'publications (1 entry)',
        'skills[].level (2 entries)',
        'languages (2 entries)',
        'interests (2 entries)',
        'references (1 entry)',
        'projects[].keywords (2 entries)',
        'projects[].startDate (2 entries)',
        'projects[].endDate (2 entries)',
        'projects[].roles (2 entries)',
        'projects[].entity (2 entries)',
        'projects[].type (2 entries)',
        'meta',
      ]),
    );
  });

  it('refuses what is not a JSON Resume with a message a person understands', () => {
    const cases: Array<[unknown, RegExp]> = [
      ['{"basics": {}}', /^This file is not a JSON Resume: it holds text/],
      [[{ basics: {} }], /^This file is not a JSON Resume: it holds a list/],
      [null, /^This file is not a JSON Resume: it is empty/],
      [42, /^This file is not a JSON Resume: it holds a number/],
      [{}, /^This file is not a JSON Resume: it has none of its sections \(basics, work/],
      [{ name: 'A package.json', version: '1.0.0' }, /none of its sections/],
      [{ basics: 5 }, /^This file is not a JSON Resume: basics must be an object\.$/],
      [{ basics: { name: ['A'] } }, /^This file is not a JSON Resume: basics\.name must be text\.$/],
      [{ work: { position: 'A' } }, /^This file is not a JSON Resume: work must be a list\.$/],
      [{ work: [{ position: 'A' }, 'B'] }, /^This file is not a JSON Resume: work\[1\] must be an object\.$/],
      [{ work: [{ position: 'A', highlights: [1, true] }] }, /work\[0\]\.highlights\[1\] must be text\.$/],
      [{ basics: { profiles: 'x' } }, /basics\.profiles must be a list\.$/],
      [{ skills: [{ name: 'A\u0000B' }] }, /skills\[0\]\.name contains a character that is not text/],
      [{ basics: { location: 'Lyon\u0000' } }, /basics\.location contains a character that is not text/],
      [{ basics: { location: true } }, /basics\.location must be an object\.$/],
    ];
    for (const [input, message] of cases) {
      expect(() => fromJsonResume(input, otherSite()), JSON.stringify(input)).toThrow(message);
    }
  });

  it('keeps only http(s) social links, photos and project links, and reports the others', () => {
    const { document, unmapped } = importInto({
      basics: {
        image: 'data:image/png;base64,AAAA',
        email: 'not an address',
        profiles: [
          { network: 'Evil', url: 'javascript:alert(1)' },
          { network: 'Mail', url: 'mailto:a@example.com' },
          { network: 'Twitter', username: 'amara' },
          { url: 'https://www.example.com/amara' },
          { network: 'Site', username: 'someone-else', url: 'https://example.net/amara' },
        ],
      },
      projects: [{ name: 'P', url: 'javascript:alert(1)' }],
    });
    expect(document.profile.socialLinks).toEqual([
      { label: 'example.com', url: 'https://www.example.com/amara' },
      { label: 'Site', url: 'https://example.net/amara' },
    ]);
    expect(document.profile.photo).toBe('/images/other.png');
    expect(document.profile.email).toBe('other@example.net');
    expect(document.cv.projects).toEqual([{ name: 'P', description: '', outcome: '', url: '' }]);
    expect(sorted(unmapped)).toEqual(
      sorted([
        'basics.image (not an http(s) address)',
        'basics.email (not an e-mail address)',
        'basics.profiles[].url (2 entries not an http(s) address)',
        'basics.profiles[] (1 entry without a url)',
        'basics.profiles[].username (1 entry)',
        'projects[].url (1 entry not an http(s) address)',
      ]),
    );
  });

  it('keeps the first entries of a 10,000-entry work list and says so', () => {
    const work = Array.from({ length: 10_000 }, (_, index) => ({ name: 'Org', position: `Role ${index}` }));
    const { document, unmapped } = importInto({ work });
    expect(document.cv.roles).toHaveLength(SITE_LIMITS.list);
    expect(document.cv.roles.at(-1)!.title).toBe(`Role ${SITE_LIMITS.list - 1}`);
    expect(unmapped).toEqual([`work (10000 entries, the first ${SITE_LIMITS.list} kept)`]);
  });

  it('cuts text and lists to the document limits and reports each cut', () => {
    const { document, unmapped } = importInto({
      basics: { name: 'N'.repeat(500), summary: 'S'.repeat(5000) },
      work: [{ position: `${'P'.repeat(119)}😀`, highlights: Array.from({ length: 80 }, () => 'H'.repeat(400)) }],
      skills: [{ name: 'Many', keywords: Array.from({ length: 60 }, (_, index) => `K${index}`) }],
    });
    expect(document.profile.name).toHaveLength(SITE_LIMITS.short);
    expect(document.cv.summary).toHaveLength(SITE_LIMITS.paragraph);
    // The emoji's two halves do not fit in 120 units: it goes whole rather than leaving half a character.
    expect(document.cv.roles[0]!.title).toBe('P'.repeat(119));
    expect(document.cv.roles[0]!.points).toHaveLength(SITE_LIMITS.list);
    expect(document.cv.roles[0]!.points[0]).toHaveLength(SITE_LIMITS.line);
    expect(document.cv.skillGroups[0]!.items).toHaveLength(SITE_LIMITS.list);
    expect(sorted(unmapped)).toEqual(
      sorted([
        `basics.name (cut to ${SITE_LIMITS.short} characters)`,
        `basics.summary (cut to ${SITE_LIMITS.paragraph} characters)`,
        `work[].position (1 entry cut to ${SITE_LIMITS.short} characters)`,
        `work[].highlights (1 entry with more than ${SITE_LIMITS.list} items, the first ${SITE_LIMITS.list} kept)`,
        `work[].highlights (${SITE_LIMITS.list} entries cut to ${SITE_LIMITS.line} characters)`,
        `skills[].keywords (1 entry with more than ${SITE_LIMITS.list} items, the first ${SITE_LIMITS.list} kept)`,
      ]),
    );
  });

  it('keeps the document under the size a save accepts', () => {
    const work = Array.from({ length: SITE_LIMITS.list }, (_, index) => ({
      position: `Role ${index}`,
      highlights: Array.from({ length: SITE_LIMITS.list }, () => 'H'.repeat(SITE_LIMITS.line)),
    }));
    const { document, unmapped } = importInto({ work });
    const bytes = new TextEncoder().encode(JSON.stringify(document)).length;
    expect(bytes).toBeLessThanOrEqual(SITE_LIMITS.bytes);
    const dropped = SITE_LIMITS.list - document.cv.roles.length;
    expect(dropped).toBeGreaterThan(0);
    expect(unmapped).toEqual([`work (${dropped} entries dropped to keep the site under 256 KB)`]);
  });

  it('reads 0.x names and lenient shapes: company, picture, numbers for dates, a location line, "Present"', () => {
    const { document, unmapped } = importInto({
      basics: {
        name: 'Old Format',
        picture: 'https://example.com/me.png',
        website: 'https://example.com',
        location: 'Lyon, France',
      },
      work: [
        { company: 'Acme', position: 'Engineer', website: 'https://acme.example', startDate: 2012, endDate: 'Present' },
        { company: 'Beta', position: 'Intern', startDate: '2010-06-01', endDate: null, highlights: null },
      ],
      education: [{ institution: 'School', studyType: 'Bachelor', area: 'Physics', gpa: '3.2', endDate: 2011 }],
    });
    expect(document.profile).toMatchObject({
      name: 'Old Format',
      photo: 'https://example.com/me.png',
      location: 'Lyon, France',
    });
    expect(document.cv.roles).toEqual([
      { title: 'Engineer', organization: 'Acme', location: '', start: '2012', end: '', points: [] },
      { title: 'Intern', organization: 'Beta', location: '', start: 'Jun 2010', end: '', points: [] },
    ]);
    // Certificates are absent from the file: the current ones stay.
    expect(document.cv.education).toEqual([
      { kind: 'education', title: 'Bachelor in Physics', institution: 'School', year: '2011' },
      { kind: 'certificate', title: 'Other certificate', institution: 'Other issuer', year: '2001' },
    ]);
    expect(sorted(unmapped)).toEqual(sorted(['basics.website', 'work[].website (1 entry)', 'education[].gpa (1 entry)']));
  });

  it('reports a 0.x name given beside its 1.0 one with another value', () => {
    const { document, unmapped } = importInto({
      basics: { image: 'https://example.com/new.png', picture: 'https://example.com/old.png' },
      work: [{ name: 'New name', company: 'Old name', position: 'Engineer' }],
    });
    expect(document.profile.photo).toBe('https://example.com/new.png');
    expect(document.cv.roles[0]!.organization).toBe('New name');
    expect(sorted(unmapped)).toEqual(sorted(['basics.picture', 'work[].company (1 entry)']));
  });

  it('skips entries the CV cannot show without their title, and reports them', () => {
    const { document, unmapped } = importInto({
      work: [{ name: 'No title' }, {}, { position: 'Kept' }],
      skills: [{ keywords: ['a'] }],
      projects: [{ description: 'nameless' }],
      education: [{ institution: 'Somewhere' }],
      certificates: [{ issuer: 'Someone' }],
    });
    expect(document.cv.roles.map((role) => role.title)).toEqual(['Kept']);
    expect(document.cv.skillGroups).toEqual([]);
    expect(document.cv.projects).toEqual([]);
    expect(document.cv.education).toEqual([]);
    expect(sorted(unmapped)).toEqual(
      sorted([
        'work[] (1 entry without a position)',
        'skills[] (1 entry without a name)',
        'projects[] (1 entry without a name)',
        'education[] (1 entry without a study type or area)',
        'certificates[] (1 entry without a name)',
      ]),
    );
  });

  it('drops certificates beyond the list that education and certificates share', () => {
    const education = Array.from({ length: 40 }, (_, index) => ({ area: `Area ${index}` }));
    const certificates = Array.from({ length: 20 }, (_, index) => ({ name: `Certificate ${index}` }));
    const { document, unmapped } = importInto({ education, certificates });
    expect(document.cv.education).toHaveLength(SITE_LIMITS.list);
    expect(document.cv.education.at(-1)!.title).toBe('Certificate 9');
    expect(unmapped).toEqual([
      `certificates (10 entries, dropped: education and certificates share a list of ${SITE_LIMITS.list})`,
    ]);
  });
});
