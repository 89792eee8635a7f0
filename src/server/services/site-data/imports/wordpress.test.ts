import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../../shared/constants.ts';
import { localhostDataset, wxr as siteExport, type WxrSite } from './__fixtures__/wxr.ts';
import { EMPTY_BODY } from './normalize.ts';
import { ImportFormatError, type ImportedPost } from './types.ts';
import { parseWordPress } from './wordpress.ts';

const fixture = readFileSync(new URL('./__fixtures__/wordpress-export.xml', import.meta.url), 'utf8');
const parsed = parseWordPress(fixture);
const bySource = (id: string): ImportedPost => {
  const post = parsed.posts.find(
    (candidate) => candidate.source === `wordpress:kwame.example.org https://kwame.example.org/?${id}`,
  );
  if (!post) throw new Error(`no post ${id}`);
  return post;
};

/** A WXR 1.2 file holding `items`. */
const wxr = (items: string, prolog = '') => `<?xml version="1.0" encoding="UTF-8" ?>${prolog}
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Test</title><wp:wxr_version>1.2</wp:wxr_version>${items}</channel></rss>`;

/** An approved comment by Ama. */
const COMMENT = `
  <wp:comment>
    <wp:comment_author><![CDATA[Ama]]></wp:comment_author>
    <wp:comment_author_email>ama@example.com</wp:comment_author_email>
    <wp:comment_date_gmt>2024-01-02 10:00:00</wp:comment_date_gmt>
    <wp:comment_content><![CDATA[Where is the text?]]></wp:comment_content>
    <wp:comment_approved>1</wp:comment_approved>
    <wp:comment_type>comment</wp:comment_type>
  </wp:comment>`;

const item = (fields: { id?: number; title?: string; content?: string; status?: string; extra?: string }) => `<item>
  <title><![CDATA[${fields.title ?? 'A post'}]]></title>
  <guid isPermaLink="false">https://test.example/?p=${fields.id ?? 1}</guid>
  <content:encoded><![CDATA[${fields.content ?? '<p>Body</p>'}]]></content:encoded>
  <wp:post_id>${fields.id ?? 1}</wp:post_id>
  <wp:post_date_gmt>2024-01-01 10:00:00</wp:post_date_gmt>
  <wp:status>${fields.status ?? 'publish'}</wp:status>
  <wp:post_type>post</wp:post_type>${fields.extra ?? ''}
</item>`;

describe('parseWordPress on an export of a real-looking site', () => {
  it('brings posts and pages, and counts what it leaves out (attachment, menu item, trash, pingback, trashed comment)', () => {
    expect(parsed.posts.map((post) => post.title)).toEqual([
      'Teaching code in Accra: tables & snippets',
      '你好, world — مرحبا 🌍',
      'About',
      'Half an idea about mentoring students who finish…',
      'Results of the 2099 hackathon',
      'Notes for myself',
      'Waiting for review',
      'Exam answers',
    ]);
    expect(parsed.skipped).toBe(5);
    expect(parsed.warnings).toContain(
      'Left out what is not a post, a page or a comment to keep (comment in the trash, pingback or trackback: 2, attachment: 1, nav_menu_item: 1, trash: 1)',
    );
  });

  it('turns block-editor HTML into markdown with a GFM table and a fenced code block in its language', () => {
    const post = bySource('p=12');
    expect(post.content).toContain('Here is **what we covered** and the [syllabus](https://example.org/syllabus).');
    expect(post.content).toContain('| Week | Topic | Students |\n| --- | --- | --- |\n| 1   | Variables | 14  |');
    expect(post.content).toContain(
      '```javascript\nfor (let week = 1; week <= 2; week++) {\n  console.log(`Week ${week}`);\n}\n```',
    );
    expect(post.content).toContain('![The classroom](https://kwame.example.org/wp-content/uploads/2024/05/classroom.jpg)');
    expect(post.content).not.toContain('wp:');
  });

  it('keeps the slug, excerpt, dates (GMT) and the featured image of the attachment the post points at', () => {
    const post = bySource('p=12');
    expect(post).toMatchObject({
      slug: 'teaching-code-in-accra',
      excerpt: 'What a term of Saturday coding classes taught us.',
      published: true,
      createdAt: new Date('2024-05-02T08:30:00Z'),
      updatedAt: new Date('2024-05-06T10:00:00Z'),
      featuredImage: 'https://kwame.example.org/wp-content/uploads/2024/05/classroom.jpg',
    });
    expect(post.publishAt).toBeUndefined();
  });

  it('makes categories and tags into tags: decoded, deduplicated, without Uncategorized (in any language) or post formats', () => {
    expect(bySource('p=12').tags).toEqual(['Education', 'coding', 'Ghana & Nigeria']);
    expect(bySource('p=15').tags).toEqual(['中文']);
  });

  it('keeps the tags of a WXR 1.0 file, listed under domain="tag" (each twice) beside categories without a domain', () => {
    const old = `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.0/">
<channel><title>Old</title><wp:wxr_version>1.0</wp:wxr_version>${item({
      extra: `
  <category><![CDATA[Uncategorized]]></category>
  <category><![CDATA[Teaching]]></category>
  <category domain="tag"><![CDATA[chalk & slate]]></category>
  <category domain="tag" nicename="chalk-slate"><![CDATA[chalk & slate]]></category>
  <category domain="tag"><![CDATA[rural schools]]></category>
  <category domain="tag" nicename="rural-schools"><![CDATA[rural schools]]></category>`,
    })}</channel></rss>`;
    expect(parseWordPress(old).posts[0]!.tags).toEqual(['Teaching', 'chalk & slate', 'rural schools']);
  });

  it('keeps approved, held and spam comments as plain text with their status; trash and pingbacks are left out', () => {
    expect(bySource('p=12').comments).toEqual([
      {
        author: 'Ama Owusu',
        email: 'ama@example.com',
        content: 'Loved this & shared it with my students.\n\nSecond paragraph.',
        createdAt: new Date('2024-05-03T11:00:00Z'),
        status: 'published',
        sourceId: '7',
      },
      {
        author: 'Yaw',
        email: '',
        content: 'Waiting for moderation, please approve.',
        createdAt: new Date('2024-05-04T09:15:00Z'),
        status: 'held',
        sourceId: '8',
      },
      {
        author: 'Cheap Watches',
        email: 'spam@spam.example',
        content: 'Buy watches now',
        createdAt: new Date('2024-05-04T10:00:00Z'),
        status: 'spam',
        sourceId: '9',
      },
    ]);
  });

  it('keeps unicode (emoji, CJK, right-to-left) and adds the paragraphs of classic-editor posts', () => {
    const post = bySource('p=15');
    expect(post.content).toContain(
      '你好 (Chinese), こんにちは (Japanese) and مرحبا بالعالم (Arabic, right to left). 🎉🌍\n\nA second paragraph',
    );
    expect(post.content).toContain('A second paragraph  \nwith a line break inside.');
    expect(post.content).toContain(
      '![Whiteboard](https://kwame.example.org/wp-content/uploads/2023/11/board.jpg) The whiteboard after class',
    );
    // The blank line inside the code survives the paragraphs added around it.
    expect(post.content).toContain('```python\ndef greet(name):\n\n    return f"Hello, {name} <3"\n```');
    // Its [gallery] names attachments the export does not hold: nothing to show, and no shortcode left as text.
    expect(post.content).not.toContain('[gallery');
    expect(parsed.warnings.join('\n')).not.toContain('shortcodes');
  });

  it('keeps a percent-encoded slug in another script as its letters (decision 019)', () => {
    expect(bySource('p=15').slug).toBe('你好-world');
  });

  it('keeps where the post lived: its permalink and its ?p= address', () => {
    expect(bySource('p=15').oldPaths).toEqual(['https://kwame.example.org/2023/11/%e4%bd%a0%e5%a5%bd-world/', '/?p=15']);
    expect(bySource('page_id=2').oldPaths).toContain('/?page_id=2');
  });

  it('imports a page like a post', () => {
    expect(bySource('page_id=2')).toMatchObject({
      title: 'About',
      slug: 'about',
      published: true,
      content: 'I teach young people to build software.',
    });
  });

  it('imports drafts, pending and private posts as drafts, and a password-protected post as a draft with a warning', () => {
    expect(bySource('p=21').published).toBe(false);
    expect(bySource('p=23').published).toBe(false);
    expect(bySource('p=24').published).toBe(false);
    expect(bySource('p=25').published).toBe(false);
    expect(parsed.warnings).toContain('WordPress post "Exam answers": protected by a password on WordPress, imported as a draft');
  });

  it('schedules a future post at its date', () => {
    expect(bySource('p=22')).toMatchObject({ published: true, publishAt: new Date('2099-01-01T09:00:00Z') });
  });

  it('names a post without a title after its first words, and leaves out a date WordPress never set', () => {
    const untitled = bySource('p=21');
    expect(untitled.title).toBe('Half an idea about mentoring students who finish…');
    expect(untitled.slug).toBeUndefined();
    // A draft's GMT date is 0000-00-00: the local one is used.
    expect(untitled.createdAt).toEqual(new Date('2024-05-05T21:40:12Z'));
    expect(parsed.warnings).toContain(
      'WordPress post "https://kwame.example.org/?p=21": no title, named "Half an idea about mentoring students who finish…"',
    );
    expect(bySource('p=24').createdAt).toBeUndefined();
  });
});

describe('parseWordPress on hostile or foreign XML', () => {
  const laughs = `<!DOCTYPE rss [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
  <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
  <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
  <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
  <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
  <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>`;

  it('refuses a billion laughs at once, without expanding it', () => {
    const started = performance.now();
    expect(() => parseWordPress(wxr(item({ title: '&lol9;', content: '&lol9;' }), laughs))).toThrow(
      new ImportFormatError('The file declares XML entities, which a WordPress export never does: refused'),
    );
    // Expanded, the title alone would be 3 GB: minutes at best, whatever the machine. Refused
    // unexpanded, it takes milliseconds; the limit leaves room for a busy machine.
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('refuses an external entity (XXE)', () => {
    const xxe = '<!DOCTYPE rss [<!ENTITY secret SYSTEM "file:///etc/passwd">]>';
    expect(() => parseWordPress(wxr(item({ title: '&secret;' }), xxe))).toThrow(ImportFormatError);
  });

  it('decodes the XML entities and leaves an entity nobody declared as it is', () => {
    const raw = `<item><title>Tom &amp; Jerry &#169; &undeclared;</title><guid>g</guid><wp:post_type>post</wp:post_type>
      <wp:status>publish</wp:status><content:encoded>&lt;p&gt;a &amp;amp; b&lt;/p&gt;</content:encoded></item>`;
    const [post] = parseWordPress(wxr(raw)).posts;
    expect(post?.title).toBe('Tom & Jerry © &undeclared;');
    expect(post?.content).toBe('a & b');
  });

  it.each([
    ['an RSS feed', '<rss version="2.0"><channel><title>Feed</title><item><title>Post</title></item></channel></rss>'],
    ['an SVG image', '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>'],
    ['an RSS root without a channel', '<rss version="2.0"><wp:wxr_version>1.2</wp:wxr_version></rss>'],
    ['text that is not XML', '<<<>>> not xml at all'],
  ])('refuses %s: not a WordPress export', (_name, xml) => {
    expect(() => parseWordPress(xml)).toThrow(
      new ImportFormatError('The file is not a WordPress export (WXR): no <rss><channel> with WordPress items'),
    );
  });

  it('reads an export without posts as nothing to import', () => {
    expect(parseWordPress(wxr(''))).toEqual({ posts: [], skipped: 0, warnings: [] });
  });

  it('leaves out, with a warning, a post nested too deeply to convert, and keeps the others', () => {
    const deep = `${'<div>'.repeat(600)}deep${'</div>'.repeat(600)}`;
    const result = parseWordPress(wxr(item({ id: 1, title: 'Deep', content: deep }) + item({ id: 2, title: 'Fine' })));
    expect(result.posts.map((post) => post.title)).toEqual(['Fine']);
    expect(result.skipped).toBe(1);
    expect(result.warnings[0]).toMatch(/^WordPress post "Deep": The post is nested too deeply to import/);
  });
});

describe('parseWordPress keeps posts within what a post may hold', () => {
  it('cuts a long title and long or too many tags, with warnings', () => {
    const tags = Array.from(
      { length: LIMITS.tags + 5 },
      (_, index) => `<category domain="post_tag" nicename="t${index}">tag ${index}</category>`,
    );
    tags.push(`<category domain="post_tag" nicename="long">${'x'.repeat(70)}</category>`);
    const result = parseWordPress(wxr(item({ title: 'T'.repeat(400), extra: tags.join('') })));
    const [post] = result.posts;
    expect(post?.title).toHaveLength(LIMITS.title);
    expect(post?.tags).toHaveLength(LIMITS.tags);
    expect(result.warnings).toEqual([
      `WordPress post "${'T'.repeat(400)}": title cut to ${LIMITS.title} characters`,
      `WordPress post "${'T'.repeat(400)}": tags longer than ${LIMITS.tag} characters cut`,
      `WordPress post "${'T'.repeat(400)}": ${LIMITS.tags + 6} tags, the first ${LIMITS.tags} kept`,
    ]);
  });

  it('removes NUL characters, with a warning', () => {
    const result = parseWordPress(wxr(item({ title: 'Nul\u0000 title', content: '<p>before\u0000after</p>' })));
    expect(result.posts[0]).toMatchObject({ title: 'Nul title', content: 'beforeafter' });
    expect(result.warnings).toContain('WordPress post "Nul\u0000 title": NUL or other characters that are not text removed');
  });

  it('leaves out a post longer than a post may be, with a warning', () => {
    const huge = `<p>${'word '.repeat(LIMITS.content / 5 + 10)}</p>`;
    const result = parseWordPress(wxr(item({ id: 1, title: 'Huge', content: huge }) + item({ id: 2, title: 'Small' })));
    expect(result.posts.map((post) => post.title)).toEqual(['Small']);
    expect(result.skipped).toBe(1);
    expect(result.warnings[0]).toMatch(
      /^WordPress post "Huge": [\d,]+ characters of content, a post holds at most 500,000: left out$/,
    );
  });

  it('keeps a post without content as a draft saying so, with its comments, and a warning', () => {
    const result = parseWordPress(wxr(item({ title: 'Empty', content: '', status: 'publish', extra: COMMENT })));
    expect(result).toMatchObject({
      posts: [{ title: 'Empty', content: EMPTY_BODY, published: false, comments: [expect.objectContaining({ author: 'Ama' })] }],
      skipped: 0,
      warnings: ['WordPress post "Empty": no content; kept as a draft with its comment'],
    });
  });
});

describe('parseWordPress knows each post by its site (issue 19)', () => {
  const site = (address: string | undefined, items: WxrSite['items']): ImportedPost[] =>
    parseWordPress(siteExport({ address, title: 'A site', items })).posts;
  const first = { id: 7, title: 'First', date: '2020-02-02 10:00:00', content: 'Words.' };

  it('keys a post by its site (host and path, without scheme or www.) and its guid', () => {
    expect(site('https://www.Example.com/blog/', [first])[0]?.source).toBe(
      'wordpress:example.com/blog https://www.Example.com/blog/?p=7',
    );
    expect(site('http://localhost:8080/', [first])[0]?.source).toBe('wordpress:localhost:8080 http://localhost:8080/?p=7');
    // Two sites whose guids do not name them: their first posts are not the same post.
    const one = site('https://one.example/', [{ ...first, guid: '7' }])[0]!;
    const two = site('https://two.example/', [{ ...first, guid: '7' }])[0]!;
    expect([one.source, two.source]).toEqual(['wordpress:one.example 7', 'wordpress:two.example 7']);
  });

  it('names the site by its blog address first, then the network site, then the channel link', () => {
    const xml = siteExport({ address: 'https://network.example/', title: 'Blog two', items: [first] })
      .replace(/<wp:base_blog_url>[^<]*</, '<wp:base_blog_url>https://network.example/two/<')
      .replace(/<guid isPermaLink="false">[^<]*</, '<guid isPermaLink="false">https://network.example/two/?p=7<');
    expect(parseWordPress(xml).posts[0]?.source).toBe('wordpress:network.example/two https://network.example/two/?p=7');
    const onlyLink = siteExport({ address: 'https://feed.example/', title: 'Old', items: [first] }).replace(
      /\s*<wp:base_(?:site|blog)_url>[^<]*<\/wp:base_(?:site|blog)_url>/g,
      '',
    );
    expect(parseWordPress(onlyLink).posts[0]?.source).toBe('wordpress:feed.example https://feed.example/?p=7');
  });

  it('keys a post by its guid alone when the export names no site', () => {
    expect(site(undefined, [{ ...first, guid: 'https://anywhere.example/?p=7' }])[0]).toMatchObject({
      source: 'wordpress:https://anywhere.example/?p=7',
    });
  });

  it('gives the former key (the guid alone) only when the guid is a full URL of the same site', () => {
    expect(site('https://example.com/', [first])[0]?.formerSource).toBe('wordpress:https://example.com/?p=7');
    // http and https, www. or not: the same site.
    expect(site('https://www.example.com/', [{ ...first, guid: 'http://example.com/?p=7' }])[0]?.formerSource).toBe(
      'wordpress:http://example.com/?p=7',
    );
    expect(site('https://example.com/blog/', [{ ...first, guid: 'https://example.com/blog/2020/02/first/' }])[0]).toMatchObject({
      formerSource: 'wordpress:https://example.com/blog/2020/02/first/',
    });
    // Another host, another path, or no URL at all: the guid alone may be another site's post.
    for (const guid of ['https://old-domain.example/?p=7', 'https://example.com/blogger/?p=7', '7', 'post-7']) {
      expect(site('https://example.com/blog/', [{ ...first, guid }])[0]?.formerSource, guid).toBeUndefined();
    }
  });

  it('keeps the lasting date of a post that went out, and none for a draft or a scheduled post', () => {
    const posts = site('https://example.com/', [
      { ...first, id: 1, status: 'publish' },
      { ...first, id: 2, status: 'private' },
      { ...first, id: 3, status: 'draft' },
      { ...first, id: 4, status: 'future', date: '2099-01-01 09:00:00' },
    ]);
    expect(posts.map((post) => post.sourceDate)).toEqual([
      new Date('2020-02-02T10:00:00Z'),
      new Date('2020-02-02T10:00:00Z'),
      undefined,
      undefined,
    ]);
  });
});

describe('parseWordPress refuses an export that is not whole (issue 19)', () => {
  const whole = siteExport(localhostDataset);
  /** The export cut just before the first occurrence of `marker` (plus `offset` characters). */
  const cutAt = (marker: string, offset = 0) => {
    const index = whole.indexOf(marker);
    if (index < 0) throw new Error(`no ${marker}`);
    return whole.slice(0, index + offset);
  };
  const refusal = (xml: string) => {
    try {
      parseWordPress(xml);
    } catch (error) {
      expect(error).toBeInstanceOf(ImportFormatError);
      return { statusCode: (error as ImportFormatError).statusCode, message: (error as Error).message };
    }
    throw new Error('accepted');
  };
  const lineOf = (marker: string) => whole.slice(0, whole.indexOf(marker)).split('\n').length;

  it('reads the whole export, with a self-closing tag inside and a comment after its end', () => {
    expect(parseWordPress(whole).posts.map((post) => post.title)).toEqual(['Hello world!', 'About', 'Alpha post']);
    expect(parseWordPress(`${whole}\n<?xml-stylesheet href="x.css"?>\n  \n`).posts).toHaveLength(3);
  });

  it.each([
    // [where, cut before this text, and this many characters into it, the element left open, its start tag]
    ['in the middle of an item', '<wp:post_id>2<', 0, 'item', '<item>\n    <title><![CDATA[About'],
    ['in the middle of a CDATA section', 'on the second site.', 6, 'content:encoded', '<content:encoded><![CDATA[This is an'],
    ['inside an end tag', '</content:encoded>', 13, 'content:encoded', '<content:encoded><![CDATA[Welcome'],
    ['just before </channel>', '</channel>', 0, 'channel', '<channel>'],
    ['just before </rss>', '</rss>', 0, 'rss', '<rss'],
    ['inside </rss>', '</rss>', 4, 'rss', '<rss'],
  ])('refuses a file cut %s (422 naming where)', (_where, marker, offset, element, startTag) => {
    expect(refusal(cutAt(marker, offset))).toEqual({
      statusCode: 422,
      message: `The WordPress export is incomplete: the file ends inside <${element}> (opened on line ${lineOf(startTag)}); export it again`,
    });
  });

  it('refuses the file cut at any point before the end of </rss>', () => {
    const end = whole.indexOf('</rss>') + '</rss>'.length;
    for (let length = 0; length < end; length += 3) {
      // Cut before <rss> even starts, it is no WordPress export at all: refused as such.
      expect(refusal(whole.slice(0, length)).statusCode, `cut after ${length} characters`).toBe(422);
    }
    expect(parseWordPress(whole.slice(0, end)).posts).toHaveLength(3);
  });

  it('refuses an element that is never closed, and anything but comments after the end', () => {
    const unclosed = whole.replace('<wp:post_name><![CDATA[about]]></wp:post_name>', '<wp:post_name><![CDATA[about]]>');
    expect(refusal(unclosed)).toEqual({
      statusCode: 422,
      message: `The WordPress export is damaged: <wp:post_name> on line ${lineOf('<wp:post_name><![CDATA[about]]>')} has no end tag`,
    });
    const end = lineOf('</rss>');
    for (const after of ['</rss>', '<rss></rss>', 'more text', '<!-- a comment cut sho']) {
      expect(refusal(`${whole}${after}`), after).toEqual({
        statusCode: 422,
        message: `The WordPress export is damaged: something other than comments follows its end (line ${end})`,
      });
    }
  });
});

describe('parseWordPress keeps what WordPress shows around the text (issue 22)', () => {
  const attachment = (id: number, parent: number, file: string) => `<item>
  <title>${file}</title>
  <wp:post_id>${id}</wp:post_id>
  <wp:post_parent>${parent}</wp:post_parent>
  <wp:post_type>attachment</wp:post_type>
  <wp:status>inherit</wp:status>
  <wp:attachment_url>https://test.example/wp-content/uploads/${file}</wp:attachment_url>
</item>`;
  const parse = (content: string, extra = '') =>
    parseWordPress(
      wxr(
        [
          attachment(501, 1, 'one.jpg'),
          attachment(502, 1, 'two.png'),
          attachment(503, 9, 'other.jpg'),
          item({ id: 1, content, extra }),
        ].join(''),
      ),
    );

  it('shows a [gallery] as its images: the ids given, else the images attached to the post', () => {
    expect(parse('[gallery ids="503,501"]').posts[0]!.content).toBe(
      '![](https://test.example/wp-content/uploads/other.jpg) ![](https://test.example/wp-content/uploads/one.jpg)',
    );
    expect(parse('<p>Trip</p>\n\n[gallery columns="2"]').posts[0]!.content).toBe(
      'Trip\n\n![](https://test.example/wp-content/uploads/one.jpg) ![](https://test.example/wp-content/uploads/two.png)',
    );
  });

  it('turns audio and video, shortcodes or blocks, into links to the files, with a warning', () => {
    const result = parse(
      '[audio mp3="https://test.example/wp-content/uploads/talk.mp3"][/audio]\n\n<!-- wp:video --><figure class="wp-block-video"><video controls src="https://test.example/clip.mp4"></video></figure><!-- /wp:video -->',
    );
    expect(result.posts[0]!.content).toBe(
      '[Audio: talk.mp3](https://test.example/wp-content/uploads/talk.mp3)\n\n[Video: clip.mp4](https://test.example/clip.mp4)',
    );
    expect(result.warnings).toContain('1 post(s) hold audio or video: kept as links to the files (this site plays neither)');
  });

  it('keeps the block editor’s footnotes as markdown footnotes', () => {
    const footnotes = JSON.stringify([
      { id: 'a1', content: 'First <em>note</em>.' },
      { id: 'b2', content: 'Second note.' },
    ]);
    const result = parse(
      '<!-- wp:paragraph --><p>Claim<sup data-fn="a1" class="fn"><a href="#a1" id="a1-link">1</a></sup> and more<sup data-fn="b2" class="fn"><a href="#b2" id="b2-link">2</a></sup>.</p><!-- /wp:paragraph --><!-- wp:footnotes /-->',
      `<wp:postmeta><wp:meta_key>footnotes</wp:meta_key><wp:meta_value><![CDATA[${footnotes}]]></wp:meta_value></wp:postmeta>`,
    );
    expect(result.posts[0]!.content).toBe('Claim[^1] and more[^2].\n\n[^1]: First _note_.\n[^2]: Second note.');
  });

  it('notes per post, for the import report, what it converted and what it kept as it was', () => {
    const footnotes = JSON.stringify([{ id: 'a1', content: 'A note.' }]);
    const post = parse(
      [
        '<p>Claim<sup data-fn="a1" class="fn"><a href="#a1">1</a></sup>, x<sup>2</sup></p>',
        '[gallery]',
        '[audio mp3="https://test.example/talk.mp3"][/audio]',
        '<pre><code>one\ntwo</code></pre><p><code>three\nfour</code></p>',
        '<address>1 Main St<br>Accra</address>',
        '[playlist ids="1,2"]',
      ].join('\n\n'),
      `<wp:postmeta><wp:meta_key>footnotes</wp:meta_key><wp:meta_value><![CDATA[${footnotes}]]></wp:meta_value></wp:postmeta>`,
    ).posts[0]!;
    expect(post.notes).toEqual({
      converted: [
        '1 gallery as 2 images',
        '1 footnote',
        '1 audio or video player as links to the files',
        '2 code blocks',
        '1 superscript or subscript',
        '1 address with its line breaks',
      ],
      kept: ['1 [playlist] shortcode kept as text'],
    });
    expect(parse('<p>Plain.</p>').posts[0]!.notes).toBeUndefined();
  });

  it('keeps code of several lines as a code block and an address’s lines as lines', () => {
    const result = parse('<p><code>line one\nline two</code></p>\n\n<address>1 Main St<br>Accra\nGhana</address>');
    expect(result.posts[0]!.content).toBe('```\nline one\nline two\n```\n\n1 Main St  \nAccra  \nGhana');
  });
});
