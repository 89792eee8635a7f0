/**
 * Deterministic demo content for `npm run db:seed`: the same seed and `now` always give the same
 * posts and comments, so benchmarks and screenshots are reproducible. Pure: no I/O, no clock.
 */
import { defaultSite } from '../../src/content/site.ts';
import { countWords, readTimeMinutes, slugify } from '../../src/shared/text.ts';

export const SEED_CATEGORIES = defaultSite.blog.categories.map((category) => category.label);
/** Tags with their own badge colour (SPEC.md section 9). */
export const TECH_TAGS = ['JavaScript', 'React', 'API', 'Database', 'Design', 'DevOps', 'Testing'] as const;
export const SEED_AUTHOR = 'Author Name';
export const MIN_WORDS = 150;
export const MAX_WORDS = 2000;
const DRAFT_SHARE = 0.15;
const SPAN_MS = 3 * 365 * 24 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** Passes `postInputSchema`; the read time is the editor's own (words / 200, at least 1). */
interface SeedPostInput {
  title: string;
  slug: string;
  content: string;
  excerpt?: string;
  tags: string[];
  published: boolean;
  metadata: { author: string; readTime: number };
}
interface SeedComment {
  author: string;
  email: string;
  content: string;
  createdAt: Date;
}
export interface SeedPost {
  input: SeedPostInput;
  createdAt: Date;
  updatedAt: Date;
  comments: SeedComment[];
}
export interface SeedOptions {
  posts: number;
  seed: number;
  /** The moment the posts' dates count back from. */
  now: Date;
  /** Slugs already in the database; new ones get a counter instead of colliding. */
  takenSlugs?: Iterable<string>;
}

/** mulberry32: tiny, fast and good enough for demo data (and the bench's search terms). */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const chance = (p: number) => next() < p;
  const sample = <T>(list: readonly T[], count: number): T[] => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, count);
  };
  return { next, int, pick, chance, sample };
}
type Random = ReturnType<typeof createRandom>;

const PLACES: Record<string, string[]> = {
  Uganda: ['Kampala', 'Gulu', 'Mbarara', 'Jinja'],
  Kenya: ['Nairobi', 'Kisumu', 'Eldoret', 'Mombasa'],
  Rwanda: ['Kigali', 'Huye', 'Musanze', 'Rubavu'],
  Nigeria: ['Lagos', 'Abuja', 'Ibadan', 'Kano', 'Enugu'],
};
const WORDS = {
  place: Object.values(PLACES).flat(),
  country: Object.keys(PLACES),
  group: [
    'secondary school students',
    'young women in tech',
    'out-of-school youth',
    'rural teachers',
    'first-time coders',
    'recent graduates',
    'community mentors',
    'girls in STEM',
    'young entrepreneurs',
    'student leaders',
  ],
  thing: [
    'coding club',
    'mentorship programme',
    'offline learning hub',
    'digital literacy bootcamp',
    'solar-powered computer lab',
    'SMS quiz platform',
    'leadership fellowship',
    'teacher training cohort',
    'community hackathon',
    'low-bandwidth LMS',
  ],
  skill: [
    'problem solving',
    'critical thinking',
    'basic coding',
    'data literacy',
    'public speaking',
    'design thinking',
    'entrepreneurship',
    'online safety',
    'collaboration',
    'web development',
  ],
  outcome: [
    'confidence',
    'employability',
    'retention',
    'completion rates',
    'community trust',
    'curiosity',
    'self-efficacy',
    'peer support',
  ],
  n: ['12', '25', '40', '60', '120', '300', '450', '1,000'],
  pct: ['18', '23', '31', '40', '47', '52', '65'],
};
type Slot = keyof typeof WORDS;

const SENTENCES = [
  'When we started the {thing} in {place}, most {group} had never used a computer for more than a few minutes.',
  'The biggest shift we saw was not in test scores but in {outcome}.',
  '{Group} learn {skill} fastest when the problems come from their own communities.',
  'In {country}, the gap between policy and classroom practice is still wide, and a good {thing} helps close it.',
  'We measured {outcome} at the start and the end of each term, and the numbers surprised us.',
  'Mentors met every week with small groups of {group} to review progress and set new goals.',
  'A {thing} needs three things: reliable power, patient facilitators and a reason to keep coming back.',
  'Data from {n} participants across {country} showed a {pct}% improvement in {outcome}.',
  'Technology is only the starting point; relationships are what keep {group} engaged.',
  'Partnering with local organisations in {place} made the {thing} sustainable beyond the pilot year.',
  'Many {group} learn on shared smartphones, so every lesson has to work offline and on small screens.',
  'I often tell facilitators that {skill} is learned by doing, not by listening to lectures.',
  'Curriculum design starts with listening to {group} and to the teachers who know them best.',
  'By the end of the cohort, {n} {group} had built projects that solved real problems in {place}.',
  'Funding cycles are short, but changing how young people see themselves takes years.',
  'We keep the {thing} simple so that local teachers can run it without us.',
  'Parents in {place} became our strongest advocates once they saw what their children had built.',
  'Anyone designing for {group} should start small, listen closely and iterate quickly.',
  'Digital literacy is no longer optional for {group} entering the job market in {country}.',
  'Every session ends with a short reflection, which builds {skill} as much as any exercise.',
  'Our first attempt at a {thing} failed because we underestimated the cost of mobile data.',
  'Young leaders in {place} are already solving problems that outside experts overlooked.',
  'Assessment should reward {skill}, not only the ability to memorise answers.',
  'We now track {outcome} alongside attendance, so that we see the whole picture.',
  'Two of our strongest facilitators in {place} started as participants in the very first cohort.',
  'The {thing} runs on Saturdays, when {group} are free from chores and classes.',
  'We translated the core materials into local languages, and {outcome} rose almost immediately.',
  'Schools in {country} often share one projector between several classes, so we plan for that.',
  'What looks like a lack of interest is usually a lack of access, time or bus fare.',
  'A short demo day at the end gives {group} a reason to finish and an audience to impress.',
  'Employers in {place} tell us they value {skill} more than any single certificate.',
  'We publish our results openly, including the parts that did not go to plan.',
  'The hardest part of scaling a {thing} is keeping the quality of mentoring high.',
  'Girls stayed in the programme longer once we added women mentors from {country}.',
];
const OPENERS = ['In practice, ', 'Over time, ', 'Honestly, ', 'Looking back, ', 'Again and again, ', 'In our experience, '];
const ITEMS = [
  'Recruit mentors from the {place} community',
  'Design every lesson to work offline first',
  'Pair {group} with peer mentors',
  'Share progress with parents every term',
  'Budget for data bundles and reliable power',
  'Celebrate small wins in public',
  'Start each cohort with a needs assessment',
  'Teach {skill} through local, real problems',
  'Measure {outcome}, not just attendance',
  'Document what fails as carefully as what works',
  'Hand ownership to local facilitators early',
  'Review the curriculum with {group}',
];
const HEADINGS = [
  'Why This Matters',
  'What We Learned',
  'The Challenge',
  'Our Approach',
  'Results So Far',
  'Voices from the Classroom',
  'Lessons for Practitioners',
  'What Comes Next',
  'Working with Partners',
  'Measuring Impact',
  'Designing for Low Bandwidth',
  'Getting Started',
  'Lessons from {place}',
  'The Role of {skill}',
];
const TITLES = [
  'How {group} in {place} Are Learning {skill}',
  'Lessons from Running a {thing} in {place}',
  'Why {skill} Matters for {group} in {country}',
  'Building a {thing} That Lasts',
  'What {group} Taught Me About {skill}',
  'From Pilot to Scale: Our {thing} in {country}',
  'The Case for {skill} in Every Classroom',
  'Designing a {thing} for Low-Bandwidth Communities',
  'Inside a {thing} in {place}',
  '{outcome} over Test Scores: Rethinking Impact in {country}',
  'A Year of {skill} with {group}',
  'Five Questions to Ask Before Launching a {thing}',
  'Notes from {place}: {group} and the Future of Work',
  'Can a {thing} Change a Community? Evidence from {place}',
];
const QUOTES = [
  'I used to think computers were for other people. Now I teach my younger brothers.',
  'The mentors did not give us answers. They taught us how to find them.',
  'Our students stopped asking whether they could do it and started asking what to build next.',
  'Leadership is not a title. It is what you do when nobody has asked you to.',
  'Give young people real problems and real trust, and they will surprise you.',
];
const ROLES = ['student', 'teacher', 'facilitator', 'mentor', 'programme alumna', 'head teacher'];
const LINKS: ReadonlyArray<[string, string]> = [
  ['UNESCO education resources', 'https://www.unesco.org/en/education'],
  ['UNICEF education data', 'https://data.unicef.org/topic/education/'],
  ['MDN Web Docs', 'https://developer.mozilla.org/'],
  ['Web accessibility guidelines', 'https://www.w3.org/WAI/'],
  ['digital literacy on Wikipedia', 'https://en.wikipedia.org/wiki/Digital_literacy'],
  ['GitHub Docs', 'https://docs.github.com/'],
];
const INLINE_CODE = ['console.log()', 'git commit', 'SELECT * FROM lessons', 'print("Hello, Kampala")', 'npm start', '<h1>'];
const CODE: ReadonlyArray<[string, string]> = [
  [
    'python',
    'scores = {"Kampala": 78, "Gulu": 64, "Kigali": 81}\nfor place, score in sorted(scores.items(), key=lambda s: -s[1]):\n    print(f"{place}: {score}%")',
  ],
  [
    'sql',
    'SELECT country, COUNT(*) AS learners\nFROM enrolments\nWHERE completed = true\nGROUP BY country\nORDER BY learners DESC;',
  ],
  [
    'javascript',
    'const done = lessons.filter((lesson) => lesson.completed).length;\nconst progress = Math.round((done / lessons.length) * 100);\nconsole.log(`Progress: ${progress}%`);',
  ],
  [
    'bash',
    '# Sync lessons to the offline hub before the session\nrsync -avz lessons/ hub@192.168.1.20:/srv/lessons/\nsudo systemctl restart offline-lms',
  ],
  ['json', '{\n  "cohort": "Kigali 2024",\n  "learners": 42,\n  "mentors": 6,\n  "offline": true\n}'],
  [
    'typescript',
    "interface Learner {\n  name: string;\n  country: 'Uganda' | 'Kenya' | 'Rwanda' | 'Nigeria';\n  completedLessons: number;\n}",
  ],
];
const FIRST_NAMES = [
  'Amina',
  'Kato',
  'Wanjiru',
  'Chinedu',
  'Uwase',
  'Otieno',
  'Ngozi',
  'Mugisha',
  'Achieng',
  'Tunde',
  'Nakato',
  'Kwame',
  'Fatima',
  'Brian',
  'Grace',
  'Emmanuel',
  'Aisha',
  'Joseph',
  'Esther',
  'Ibrahim',
];
const LAST_NAMES = [
  'Okello',
  'Mwangi',
  'Uwimana',
  'Adeyemi',
  'Nansubuga',
  'Kamau',
  'Habimana',
  'Okafor',
  'Atieno',
  'Byaruhanga',
  'Bello',
  'Niyonzima',
  'Ochieng',
  'Eze',
  'Nakamya',
];
/** Reserved example domains (RFC 2606): seeded addresses can never reach a real inbox. */
const EMAIL_DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.example.com'];
const COMMENTS = [
  'Thank you for this piece; it matches what we see with {group} in {place}.',
  'How did you handle the cost of mobile data during the {thing}?',
  'We ran something similar in {place} and {outcome} improved within one term.',
  'Sharing this with our teacher network in {country}.',
  'Would love to see the curriculum you used for {skill}.',
  'This is exactly why {skill} should start early.',
  'Great read! The point about mentors really stands out.',
  'Is there a way to volunteer with the next cohort?',
  'I was one of the {group} in a programme like this, and it changed my path.',
  'Do you have data on how many participants found jobs afterwards?',
];

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const SMALL_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'in', 'for', 'with', 'to', 'from', 'over', 'about', 'on', 'by']);
const titleCase = (s: string) =>
  s
    .split(' ')
    .map((w, i) => (i > 0 && SMALL_WORDS.has(w) ? w : capitalize(w)))
    .join(' ');

/** What one post is mostly about, so its title, body and excerpt tell one story. */
type Focus = Partial<Record<Slot, string>>;
function chooseFocus(random: Random): Focus {
  const country = random.pick(WORDS.country);
  const focus: Focus = { country, place: random.pick(PLACES[country]!) };
  for (const slot of ['group', 'thing', 'skill', 'outcome'] as const) focus[slot] = random.pick(WORDS[slot]);
  return focus;
}

/** Fills {slot} ({Slot}: capitalised), mostly from the focus; `style` may add emphasis to words. */
function fill(random: Random, template: string, focus: Focus = {}, style?: (word: string) => string): string {
  return template
    .replace(/\{(\w+)\}/g, (_, name: string) => {
      const slot = name.toLowerCase() as Slot;
      const word = focus[slot] !== undefined && random.chance(0.7) ? focus[slot] : random.pick(WORDS[slot]);
      const text = name === name.toLowerCase() ? word : capitalize(word);
      return style && /[a-z]/.test(text) ? style(text) : text;
    })
    .replace(/\b([Aa]) (?=\**(?:[aeiou]|SMS))/g, '$1n ');
}

function paragraph(random: Random, focus: Focus, plain = false): string {
  const style = plain ? undefined : (w: string) => (random.chance(0.06) ? `**${w}**` : random.chance(0.04) ? `*${w}*` : w);
  const sentences = random.sample(SENTENCES, random.int(plain ? 1 : 3, plain ? 2 : 6)).map((template) => {
    const sentence = fill(random, template, focus, style);
    return !plain && random.chance(0.15) && !sentence.startsWith('I ')
      ? random.pick(OPENERS) + sentence.charAt(0).toLowerCase() + sentence.slice(1)
      : sentence;
  });
  if (!plain && random.chance(0.2)) {
    const [label, url] = random.pick(LINKS);
    sentences.push(
      random.pick(['For background, see', 'There is more in', 'A useful starting point is']) + ` [${label}](${url}).`,
    );
  }
  if (!plain && random.chance(0.1)) sentences.push(`Learners start with \`${random.pick(INLINE_CODE)}\` and grow from there.`);
  return sentences.join(' ');
}

function list(random: Random, focus: Focus, marker: (i: number) => string): string {
  return random
    .sample(ITEMS, random.int(3, 6))
    .map((item, i) => `${marker(i)}${fill(random, item, focus)}`)
    .join('\n');
}

function table(random: Random, focus: Focus): string {
  if (random.chance(0.5)) {
    const rows = random
      .sample(PLACES[focus.country!]!, 3)
      .map((place) => `| ${place} | ${random.int(20, 400)} | ${random.int(45, 95)}% | ${random.int(2, 20)} |`);
    return ['| Location | Learners | Completion | Mentors |', '| --- | ---: | ---: | ---: |', ...rows].join('\n');
  }
  const rows = random
    .sample(WORDS.skill, random.int(3, 5))
    .map((skill, i) => `| ${i + 1} | ${capitalize(skill)} | ${capitalize(random.pick(WORDS.outcome))} |`);
  return ['| Week | Focus | What we watch |', '| :-: | --- | --- |', ...rows].join('\n');
}

/** A block other than a paragraph; code is likelier in posts with a technical tag. */
function feature(random: Random, focus: Focus, technical: boolean): string {
  const roll = random.next() * (technical ? 1.3 : 1);
  if (roll < 0.25) {
    const bullet = random.pick(['- ', '- ', '* ', '+ ']);
    return list(random, focus, () => bullet);
  }
  if (roll < 0.42) return list(random, focus, (i) => `${i + 1}. `);
  if (roll < 0.54) return list(random, focus, () => (random.chance(0.5) ? '- [x] ' : '- [ ] '));
  if (roll < 0.7) return table(random, focus);
  if (roll < 0.88) {
    const name = `${random.pick(FIRST_NAMES)}, ${random.pick(ROLES)} in ${random.pick(PLACES[focus.country!]!)}`;
    return `> ${random.pick(QUOTES)}\n>\n> — ${name}`;
  }
  const [language, code] = random.pick(CODE);
  return `\`\`\`${language}\n${code}\n\`\`\``;
}

/** `## heading`, paragraphs, often a list, table, quote or code, sometimes a `###` part. */
function section(random: Random, focus: Focus, technical: boolean, heading: string): string {
  const blocks = [`## ${titleCase(fill(random, heading, focus))}`, paragraph(random, focus)];
  if (random.chance(0.4)) blocks.push(paragraph(random, focus));
  if (random.chance(0.7)) blocks.push(feature(random, focus, technical));
  if (random.chance(0.35)) blocks.push(paragraph(random, focus));
  if (random.chance(0.2)) {
    blocks.push(`### ${titleCase(fill(random, random.pick(HEADINGS), focus))}`, paragraph(random, focus));
  }
  return blocks.join('\n\n');
}

/** `MIN_WORDS` to `MAX_WORDS` words (as the editor counts them), short posts the most common. */
function body(random: Random, focus: Focus, technical: boolean): string {
  const target = Math.round(MIN_WORDS + (MAX_WORDS - MIN_WORDS) * random.next() ** 1.6);
  const parts = [paragraph(random, focus)];
  let words = countWords(parts[0]!);
  const headings = random.sample(HEADINGS, HEADINGS.length);
  for (let i = 0; ; i++) {
    const next = section(random, focus, technical, headings[i % headings.length]!);
    const nextWords = countWords(next);
    if (words >= MIN_WORDS && words + nextWords > target) break;
    parts.push(next);
    words += nextWords;
  }
  return parts.join('\n\n');
}

function comment(random: Random, focus: Focus, after: number, now: number): SeedComment {
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const suffix = random.chance(0.3) ? String(random.int(1, 99)) : '';
  const text = Array.from({ length: random.int(1, 3) }, () => fill(random, random.pick(COMMENTS), focus)).join(' ');
  return {
    author: random.chance(0.2) ? first : `${first} ${last}`,
    email: `${first}.${last}${suffix}@${random.pick(EMAIL_DOMAINS)}`.toLowerCase(),
    content: text,
    createdAt: new Date(Math.min(now, after + Math.floor(random.next() * 45 * DAY_MS))),
  };
}

/** Yields posts one at a time, so a 100,000-post run never holds them all in memory. */
export function* generateSeedPosts(options: SeedOptions): Generator<SeedPost> {
  const random = createRandom(options.seed);
  const now = options.now.getTime();
  const taken = new Set(options.takenSlugs ?? []);
  const nextCounter = new Map<string, number>();
  for (let i = 0; i < options.posts; i++) {
    const focus = chooseFocus(random);
    const title = titleCase(fill(random, random.pick(TITLES), focus));
    const base = slugify(title);
    let slug = base;
    let counter = nextCounter.get(base) ?? 2;
    while (taken.has(slug)) slug = `${base}-${counter++}`;
    nextCounter.set(base, counter);
    taken.add(slug);

    const tags: string[] = random.sample(SEED_CATEGORIES, random.int(1, 3));
    const tech = random.chance(0.35) ? random.pick(TECH_TAGS) : undefined;
    if (tech) tags.splice(random.chance(0.5) ? 0 : tags.length, 0, tech);
    const content = body(random, focus, tech !== undefined);
    const published = !random.chance(DRAFT_SHARE);
    const createdAt = now - Math.floor(random.next() * SPAN_MS);
    const updatedAt = random.chance(0.3) ? Math.min(now, createdAt + Math.floor(random.next() * 30 * DAY_MS)) : createdAt;
    const excerpt = random.chance(0.8) ? paragraph(random, focus, true) : undefined;
    const comments = published
      ? Array.from({ length: random.int(0, 8) }, () => comment(random, focus, createdAt, now)).sort(
          (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
        )
      : [];
    yield {
      input: {
        ...{ title, slug, content, tags, published },
        ...(excerpt ? { excerpt } : {}),
        metadata: { author: SEED_AUTHOR, readTime: Math.max(1, readTimeMinutes(content)) },
      },
      createdAt: new Date(createdAt),
      updatedAt: new Date(updatedAt),
      comments,
    };
  }
}
