import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminCookie, createTestApp, postPayload, type TestApp } from '../../../tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('creates a post as the admin and lists it for visitors', async () => {
  const cookie = await adminCookie(t.app);
  const created = await t.app.inject({ method: 'POST', url: '/api/blog-posts', headers: { cookie }, payload: postPayload() });
  expect(created.statusCode).toBe(201);
  expect(created.json()).toMatchObject({ slug: 'coding-clubs-in-kampala', published: true });
  const list = await t.app.inject({ url: '/api/blog-posts?published=true' });
  expect(list.json().map((p: { slug: string }) => p.slug)).toEqual(['coding-clubs-in-kampala']);
  const search = await t.app.inject({ url: '/api/blog-posts?search=kampal' });
  expect(search.json()).toHaveLength(1);
});
