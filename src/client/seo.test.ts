import { describe, expect, it } from 'vitest';
import type { Post } from '../shared/posts.ts';
import { defaultSite } from '../content/site.ts';
import { parseHTML } from 'linkedom';
import {
  applyDocumentMeta,
  blogMeta,
  homeMeta,
  notFoundMeta,
  type PageMeta,
  postDescription,
  postMeta,
  previewMeta,
  renderHeadTags,
} from './seo.ts';

const post: Post = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Kids <script> & "Code"',
  slug: 'kids-code',
  content: '# Heading\n\n**Bold** start of the article.',
  tags: ['Digital Literacy'],
  published: true,
  metadata: { author: 'Author Name' },
  createdAt: '2025-01-05T10:00:00.000Z',
  updatedAt: '2025-02-01T08:00:00.000Z',
};

describe('postDescription', () => {
  it('is the excerpt when there is one', () => {
    expect(postDescription({ ...post, excerpt: 'The excerpt' })).toBe('The excerpt');
  });
  it('is the first 160 characters of the content without # and *', () => {
    expect(postDescription(post)).toBe('Heading Bold start of the article.');
    expect(postDescription({ ...post, content: 'w'.repeat(300) })).toHaveLength(160);
  });
});

describe('postMeta', () => {
  it('prefers the meta title and description stored in the metadata', () => {
    const meta = postMeta(
      defaultSite,
      { ...post, metadata: { metaTitle: 'Custom title', metaDescription: 'Custom description' } },
      'https://example.org',
    );
    expect(meta.title).toBe('Custom title');
    expect(meta.description).toBe('Custom description');
  });
});

describe('the date a post went out', () => {
  const scheduled = { ...post, publishAt: '2026-11-25T14:00:00.000Z' };
  it('is its publishAt when it was scheduled, for search engines and link previews alike', () => {
    const meta = postMeta(defaultSite, scheduled, 'https://example.org');
    expect(meta.publishedTime).toBe(scheduled.publishAt);
    expect(meta.structuredData).toMatchObject({ datePublished: scheduled.publishAt });
    expect(renderHeadTags(meta, 'https://example.org', 'n')).toContain(
      '<meta property="article:published_time" content="2026-11-25T14:00:00.000Z" />',
    );
  });
  it('is when it was written otherwise', () => {
    expect(postMeta(defaultSite, post, 'https://example.org').publishedTime).toBe(post.createdAt);
  });
});

describe('previewMeta', () => {
  const siteUrl = 'https://example.org';
  const draft = { ...post, published: false };
  const head = renderHeadTags(previewMeta(defaultSite, draft, siteUrl, 'signed.token'), siteUrl, 'n');
  it('keeps the preview out of search engines, links unfollowed', () => {
    expect(head).toContain('<meta name="robots" content="noindex, nofollow" />');
  });
  it('names no canonical address and claims no structured data for an address that does not answer yet', () => {
    expect(head).not.toContain('rel="canonical"');
    expect(head).not.toContain('application/ld+json');
    expect(head).not.toContain(`${siteUrl}/blog/${post.slug}`);
  });
  it("shows the post's own description and title, marked as a preview", () => {
    expect(head).toContain('<title>Preview: Kids &lt;script&gt; &amp; &quot;Code&quot; | EdTech Dialogue</title>');
    expect(head).toContain('<meta name="description" content="Heading Bold start of the article." />');
  });
  it('leaves other unindexed pages followable', () => {
    expect(renderHeadTags(notFoundMeta(defaultSite, '/nowhere'), siteUrl, 'n')).toContain(
      '<meta name="robots" content="noindex" />',
    );
  });
});

describe('renderHeadTags', () => {
  const head = renderHeadTags(postMeta(defaultSite, post, 'https://example.org'), 'https://example.org', 'abc123');
  it('escapes text in attributes and the title', () => {
    expect(head).toContain('<title>Kids &lt;script&gt; &amp; &quot;Code&quot; | EdTech Dialogue</title>');
    expect(head).not.toContain('<script> &');
  });
  it('carries the canonical url, article times and a JSON-LD BlogPosting that cannot close its script', () => {
    expect(head).toContain('<link rel="canonical" href="https://example.org/blog/kids-code" />');
    expect(head).toContain('<meta property="article:published_time" content="2025-01-05T10:00:00.000Z" />');
    expect(head).toContain('<meta property="article:modified_time" content="2025-02-01T08:00:00.000Z" />');
    const json = /<script type="application\/ld\+json" nonce="abc123">(.*)<\/script>/.exec(head)?.[1];
    expect(json).toBeDefined();
    expect(json).not.toContain('<script');
    const data = JSON.parse(json!) as Record<string, unknown>;
    expect(data).toMatchObject({
      '@type': 'BlogPosting',
      headline: post.title,
      datePublished: post.createdAt,
      author: { name: 'Author Name' },
    });
  });
});

describe('applyDocumentMeta', () => {
  const siteUrl = 'https://example.org';
  const headOf = (meta: PageMeta) =>
    parseHTML(`<!doctype html><html><head>${renderHeadTags(meta, siteUrl, 'n')}</head><body></body></html>`).document;

  it('moves a page head rendered for one page to another page, as the server would render it', () => {
    const doc = headOf(homeMeta(defaultSite, siteUrl));
    const tagged = { ...post, tags: ['Digital Literacy', 'Youth Leadership', 'Testing'] };
    applyDocumentMeta(doc, postMeta(defaultSite, tagged, siteUrl), siteUrl);
    expect(doc.title).toBe(postMeta(defaultSite, tagged, siteUrl).title);
    expect([...doc.head.querySelectorAll('meta[property="article:tag"]')].map((m) => m.getAttribute('content'))).toEqual(
      tagged.tags,
    );
    expect(doc.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    const scripts = doc.head.querySelectorAll('script[type="application/ld+json"]');
    expect(scripts).toHaveLength(1);
    expect(JSON.parse(scripts[0]!.textContent ?? '')).toMatchObject({ '@type': 'BlogPosting', headline: tagged.title });
    expect(doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${siteUrl}/blog/${post.slug}`);
  });

  it('puts the canonical link back after a page that had none, and drops what the new page lacks', () => {
    const doc = headOf(notFoundMeta(defaultSite, '/nowhere'));
    expect(doc.head.querySelector('link[rel="canonical"]')).toBeNull();
    applyDocumentMeta(doc, blogMeta(defaultSite), siteUrl);
    expect(doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${siteUrl}/blog`);
    expect(doc.head.querySelector('meta[name="robots"]')).toBeNull();
    expect(doc.head.querySelector('script[type="application/ld+json"]')).toBeNull();
    expect(doc.head.querySelector('link[rel="alternate"]')).not.toBeNull();
  });

  it('removes the canonical link on a page that is not indexed', () => {
    const doc = headOf(blogMeta(defaultSite));
    applyDocumentMeta(doc, notFoundMeta(defaultSite, '/nowhere'), siteUrl);
    expect(doc.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(doc.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });
});
