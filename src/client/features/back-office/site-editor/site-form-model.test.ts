import { describe, expect, it } from 'vitest';
import { defaultSite } from '../../../../content/site.ts';
import { siteDocumentSchema } from '../../../../shared/site.ts';
import {
  applyListOp,
  errorAt,
  errorsFromIssues,
  errorSentence,
  fieldErrorFromMessage,
  firstErrorPath,
  parseList,
  joinList,
  renameCategory,
  sameDocument,
  sectionOf,
  withoutError,
} from './site-form-model.ts';

describe('field errors', () => {
  it('read the field out of the server answer, as errorMessage words it', () => {
    expect(fieldErrorFromMessage('400: Invalid profile.socialLinks.0.url: must be an http(s) address')).toEqual({
      path: 'profile.socialLinks.0.url',
      reason: 'must be an http(s) address',
    });
    expect(fieldErrorFromMessage('Invalid meta.title: is required')).toEqual({ path: 'meta.title', reason: 'is required' });
  });

  it('leave a message about the request as a whole to the toast', () => {
    expect(fieldErrorFromMessage('400: Invalid body: expected object, received null')).toBeUndefined();
    expect(fieldErrorFromMessage('413: Request body is too large')).toBeUndefined();
    expect(fieldErrorFromMessage('400: Invalid params.id: too long')).toBeUndefined();
  });

  it('come from the schema with the same paths, in the order of the tabs (meta under Profile)', () => {
    const broken = structuredClone(defaultSite);
    broken.home.skillCards[0]!.title = '';
    broken.meta.title = '';
    broken.profile.socialLinks[1]!.url = 'javascript:alert(1)';
    const result = siteDocumentSchema.safeParse(broken);
    expect(result.success).toBe(false);
    const errors = errorsFromIssues(result.error!.issues);
    expect(Object.keys(errors)).toEqual(['profile.socialLinks.1.url', 'meta.title', 'home.skillCards.0.title']);
    expect(errors['profile.socialLinks.1.url']).toBe('must be an http(s) address');
    expect(firstErrorPath(errors)).toBe('profile.socialLinks.1.url');
    expect(sectionOf('meta.title')).toBe('profile');
    expect(sectionOf('cv.roles.2.points.1')).toBe('cv');
  });

  it('show on a list field for any of its entries, and go when the author edits it', () => {
    const errors = { 'home.partners.0.tags.2': 'is required', 'home.partners.0.name': 'is required' };
    expect(errorAt(errors, 'home.partners.0.tags')).toBeUndefined();
    expect(errorAt(errors, 'home.partners.0.tags', true)).toBe('is required');
    expect(withoutError(errors, 'home.partners.0.tags')).toEqual({ 'home.partners.0.name': 'is required' });
    expect(withoutError(errors, 'cv.summary')).toBe(errors);
  });

  it('read as a sentence after the label, or stand alone when zod wrote one', () => {
    expect(errorSentence('URL', 'must be an http(s) address')).toBe('URL must be an http(s) address');
    expect(errorSentence('Name', 'Too big: expected string to have <=120 characters')).toBe(
      'Too big: expected string to have <=120 characters',
    );
  });
});

describe('list operations', () => {
  const list = ['a', 'b', 'c'];

  it('add, remove and move, leaving the list given untouched', () => {
    expect(applyListOp(list, { type: 'add' }, () => 'new')).toEqual(['a', 'b', 'c', 'new']);
    expect(applyListOp(list, { type: 'remove', index: 1 }, () => 'x')).toEqual(['a', 'c']);
    expect(applyListOp(list, { type: 'move', from: 2, to: 1 }, () => 'x')).toEqual(['a', 'c', 'b']);
    expect(applyListOp(list, { type: 'move', from: 0, to: 1 }, () => 'x')).toEqual(['b', 'a', 'c']);
    expect(list).toEqual(['a', 'b', 'c']);
  });

  it('ignore a move past either end', () => {
    expect(applyListOp(list, { type: 'move', from: 0, to: -1 }, () => 'x')).toEqual(list);
    expect(applyListOp(list, { type: 'move', from: 2, to: 3 }, () => 'x')).toEqual(list);
  });
});

describe('word lists', () => {
  it('split tags on commas and points on lines, dropping blanks', () => {
    expect(parseList(' Coding, , Schools ,', 'comma')).toEqual(['Coding', 'Schools']);
    expect(parseList('Grew a fellowship, in four countries\r\n\nRaised funds\n', 'line')).toEqual([
      'Grew a fellowship, in four countries',
      'Raised funds',
    ]);
    expect(joinList(['Coding', 'Schools'], 'comma')).toBe('Coding, Schools');
    expect(joinList(['One', 'Two'], 'line')).toBe('One\nTwo');
  });
});

describe('renaming a category', () => {
  const saved = { label: 'Future Leaders', tags: [] as string[] };

  it('keeps its saved label as a tag, so its posts stay in it', () => {
    const first = renameCategory(saved, 'Future Leaders', 'Future Leader');
    expect(first).toEqual({ label: 'Future Leader', tags: ['Future Leaders'] });
    // Typing on adds it once.
    expect(renameCategory(first, 'Future Leaders', 'Future Leadership')).toEqual({
      label: 'Future Leadership',
      tags: ['Future Leaders'],
    });
  });

  it('takes the tag out again when the label goes back to the saved one (in any case)', () => {
    const renamed = renameCategory(saved, 'Future Leaders', 'Leaders');
    expect(renameCategory(renamed, 'Future Leaders', 'future leaders')).toEqual({ label: 'future leaders', tags: [] });
  });

  it('does not bring back a tag the author removed while they type on', () => {
    const removed = { label: 'Future Leader', tags: [] };
    expect(renameCategory(removed, 'Future Leaders', 'Future Leade')).toEqual({ label: 'Future Leade', tags: [] });
  });

  it('leaves a new category and the tags it already has alone', () => {
    expect(renameCategory({ label: 'AI', tags: [] }, undefined, 'AIM')).toEqual({ label: 'AIM', tags: [] });
    expect(renameCategory({ label: 'Tech', tags: ['tech-old', 'Technology'] }, 'Tech', 'Technology!')).toEqual({
      label: 'Technology!',
      tags: ['tech-old', 'Technology', 'Tech'],
    });
  });
});

describe('unsaved changes', () => {
  it('are told apart from the saved document by value', () => {
    const copy = structuredClone(defaultSite);
    expect(sameDocument(copy, defaultSite)).toBe(true);
    copy.profile.name = 'Someone Else';
    expect(sameDocument(copy, defaultSite)).toBe(false);
  });
});
