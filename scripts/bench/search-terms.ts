// Search terms for the benchmark, from the words the seeding writes (scripts/lib/seed-data.ts):
// 20 fixed terms readers repeat, and a source of terms no request of the run has asked before.

import { createRandom } from '../lib/seed-data.ts';

/** Words of the seeded titles, tags and text: each finds posts. */
export const SEEDED_WORDS = [
  // places and countries
  'kampala',
  'gulu',
  'mbarara',
  'jinja',
  'nairobi',
  'kisumu',
  'eldoret',
  'mombasa',
  'kigali',
  'huye',
  'musanze',
  'rubavu',
  'lagos',
  'abuja',
  'ibadan',
  'kano',
  'enugu',
  'uganda',
  'kenya',
  'rwanda',
  'nigeria',
  // who the programmes are for
  'students',
  'women',
  'youth',
  'rural',
  'teachers',
  'coders',
  'graduates',
  'community',
  'mentors',
  'girls',
  'entrepreneurs',
  'leaders',
  // what they run
  'coding',
  'club',
  'mentorship',
  'programme',
  'offline',
  'learning',
  'hub',
  'digital',
  'literacy',
  'bootcamp',
  'solar',
  'computer',
  'lab',
  'quiz',
  'platform',
  'leadership',
  'fellowship',
  'training',
  'cohort',
  'hackathon',
  'bandwidth',
  // skills and outcomes
  'problem',
  'solving',
  'critical',
  'thinking',
  'data',
  'public',
  'speaking',
  'design',
  'entrepreneurship',
  'safety',
  'collaboration',
  'web',
  'development',
  'confidence',
  'employability',
  'retention',
  'completion',
  'trust',
  'curiosity',
  'efficacy',
  'peer',
  'support',
  // the rest of the prose
  'facilitators',
  'parents',
  'funding',
  'curriculum',
  'smartphones',
  'projector',
  'employers',
  'assessment',
  'reflection',
  'relationships',
  'policy',
  'classroom',
  'lessons',
  'pilot',
  'languages',
] as const;

/** Words no seeded post holds (nor any word starting with them): such a search finds nothing. */
export const ABSENT_WORDS = [
  'volcano',
  'saxophone',
  'glacier',
  'penguin',
  'origami',
  'zeppelin',
  'tundra',
  'harpsichord',
  'quasar',
  'marzipan',
] as const;

/** What readers search again and again: 20 fixed terms, each finding posts. */
export const ROTATING_SEARCH_TERMS = [
  'coding club',
  'nairobi',
  'solar',
  'girls',
  'confidence',
  'offline learning',
  'kigali',
  'hackathon',
  'digital literacy',
  'retention',
  'lagos',
  'bootcamp',
  'public speaking',
  'curiosity',
  'rural teachers',
  'mombasa',
  'fellowship',
  'data',
  'peer support',
  'uganda',
] as const;

/** The same search whatever the order of its words: every word is required, so order changes nothing. */
export const searchKey = (term: string): string => term.toLowerCase().split(/\s+/).filter(Boolean).sort().join(' ');

/** A fixed seed gives every run the same terms in the same order. */
const shuffled = <T>(list: readonly T[], seed: number): T[] => createRandom(seed).sample(list, list.length);

/** The k-word combinations of `words` (indices ascending), one at a time. */
function* combinations(words: readonly string[], k: number): Generator<string> {
  const index = Array.from({ length: k }, (_, i) => i);
  while (true) {
    yield index.map((i) => words[i]).join(' ');
    let i = k - 1;
    while (i >= 0 && index[i] === words.length - k + i) i--;
    if (i < 0) return;
    index[i]!++;
    for (let j = i + 1; j < k; j++) index[j] = index[j - 1]! + 1;
  }
}

/**
 * A source of search terms that never gives the same search twice (whatever the word order) nor
 * any of `exclude`: single words (seeded and absent, shuffled), then pairs (shuffled, so seeded
 * pairs that find posts and pairs with an absent word that find none come mixed), then triples
 * and longer: millions of terms before it runs out.
 */
export function newSearchTerms(options: { exclude?: Iterable<string>; seed?: number } = {}): () => string {
  const seed = options.seed ?? 7;
  const words = shuffled([...SEEDED_WORDS, ...ABSENT_WORDS], seed);
  const excluded = new Set([...(options.exclude ?? [])].map(searchKey));
  function* all(): Generator<string> {
    yield* shuffled(words, seed + 1);
    yield* shuffled([...combinations(words, 2)], seed + 2);
    for (let k = 3; k <= words.length; k++) yield* combinations(words, k);
  }
  const terms = all();
  return () => {
    for (;;) {
      const { value, done } = terms.next();
      if (done) throw new Error('no search term left that was never asked');
      if (!excluded.has(searchKey(value))) return value;
    }
  };
}

/** The address of the /blog view of a search. */
export const searchPath = (term: string): string => `/blog?q=${encodeURIComponent(term)}`;
