/**
 * Issue 22's fixtures, written for this project: one file per case a mover meets. Shared by the
 * test that holds the import to them (routes/moving-in.test.ts) and by `node scripts/moving-in.ts`, which
 * prints what each brings in, post by post. Images are at `origin`, an old site the caller serves
 * (IMAGES below).
 */

/** What the old site serves, by path: each a PNG of the color named. */
export const IMAGES: Record<string, string> = {
  '/wp-content/uploads/2019/05/harbour.png': '#1d4e89',
  '/wp-content/uploads/2019/05/boats.png': '#c0392b',
  '/wp-content/uploads/2019/05/nets.png': '#27ae60',
  '/content/images/2021/02/market.png': '#8e44ad',
  '/content/images/2021/02/cover.png': '#f39c12',
};

const comment = (id: number, parent: number, author: string, text: string, day: number) => `
    <wp:comment>
      <wp:comment_id>${id}</wp:comment_id>
      <wp:comment_author><![CDATA[${author}]]></wp:comment_author>
      <wp:comment_author_email>${author.toLowerCase()}@example.com</wp:comment_author_email>
      <wp:comment_date_gmt>2019-05-${String(day).padStart(2, '0')} 10:00:00</wp:comment_date_gmt>
      <wp:comment_content><![CDATA[${text}]]></wp:comment_content>
      <wp:comment_approved>1</wp:comment_approved>
      <wp:comment_type>comment</wp:comment_type>
      <wp:comment_parent>${parent}</wp:comment_parent>
    </wp:comment>`;

const attachment = (origin: string, id: number, file: string) => `
  <item>
    <title>${file}</title>
    <wp:post_id>${id}</wp:post_id>
    <wp:post_parent>1</wp:post_parent>
    <wp:post_type>attachment</wp:post_type>
    <wp:status>inherit</wp:status>
    <wp:attachment_url>${origin}/wp-content/uploads/2019/05/${file}</wp:attachment_url>
  </item>`;

/**
 * A WXR 1.2 block-editor site: a post with footnotes, a `[gallery]` of the images attached to it,
 * an audio shortcode, a superscript, code of several lines, an address, an image of the old site,
 * 30 tags and three comments in one thread; an empty page with two comments; a `[playlist]`.
 */
export function wordpressSite(origin: string): string {
  const tags = Array.from(
    { length: 30 },
    (_, n) => `<category domain="post_tag" nicename="topic-${n + 1}"><![CDATA[Topic ${n + 1}]]></category>`,
  ).join('');
  const footnotes = JSON.stringify([
    { id: 'fn-a', content: 'Counted at dawn, <em>twice</em>.' },
    { id: 'fn-b', content: 'By the harbour master.' },
  ]);
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Harbour notes</title>
  <link>${origin}/</link>
  <wp:wxr_version>1.2</wp:wxr_version>
  <wp:base_site_url>${origin}/</wp:base_site_url>
  <wp:base_blog_url>${origin}/</wp:base_blog_url>
  <item>
    <title><![CDATA[Field notes from the harbour]]></title>
    <link>${origin}/2019/05/14/field-notes/</link>
    <guid isPermaLink="false">${origin}/?p=1</guid>
    <content:encoded><![CDATA[<!-- wp:paragraph --><p>Forty boats<sup data-fn="fn-a" class="fn"><a href="#fn-a" id="fn-a-link">1</a></sup> came in, about 10<sup>3</sup> fish each<sup data-fn="fn-b" class="fn"><a href="#fn-b" id="fn-b-link">2</a></sup>.</p><!-- /wp:paragraph -->
<!-- wp:image --><figure class="wp-block-image"><img src="${origin}/wp-content/uploads/2019/05/harbour.png" alt="The harbour at dawn"/></figure><!-- /wp:image -->
[gallery columns="2"]
[audio mp3="${origin}/wp-content/uploads/2019/05/gulls.mp3"][/audio]
<!-- wp:paragraph --><p><code>nets = 12
boats = 40</code></p><!-- /wp:paragraph -->
<!-- wp:paragraph --><address>Harbour office<br>1 Quay Road<br>Tema</address><!-- /wp:paragraph -->
[playlist ids="7,8"]
<!-- wp:footnotes /-->]]></content:encoded>
    <excerpt:encoded><![CDATA[]]></excerpt:encoded>
    <wp:post_id>1</wp:post_id>
    <wp:post_date_gmt>2019-05-14 06:30:00</wp:post_date_gmt>
    <wp:post_modified_gmt>2019-05-15 08:00:00</wp:post_modified_gmt>
    <wp:post_name><![CDATA[field-notes]]></wp:post_name>
    <wp:status>publish</wp:status>
    <wp:post_type>post</wp:post_type>
    <wp:post_password></wp:post_password>
    ${tags}
    <wp:postmeta><wp:meta_key>footnotes</wp:meta_key><wp:meta_value><![CDATA[${footnotes}]]></wp:meta_value></wp:postmeta>
    ${comment(11, 0, 'Ama', 'Which boat was first?', 14)}
    ${comment(12, 11, 'Kojo', 'The blue one, as always.', 15)}
    ${comment(13, 12, 'Ama', 'Of course it was.', 16)}
  </item>
  <item>
    <title><![CDATA[Tide tables]]></title>
    <link>${origin}/tide-tables/</link>
    <guid isPermaLink="false">${origin}/?page_id=2</guid>
    <content:encoded><![CDATA[]]></content:encoded>
    <wp:post_id>2</wp:post_id>
    <wp:post_date_gmt>2019-05-01 09:00:00</wp:post_date_gmt>
    <wp:post_name><![CDATA[tide-tables]]></wp:post_name>
    <wp:status>publish</wp:status>
    <wp:post_type>page</wp:post_type>
    ${comment(21, 0, 'Esi', 'Please add the spring tides.', 2)}
    ${comment(22, 0, 'Yaw', 'And the neap ones.', 3)}
  </item>
  ${attachment(origin, 101, 'boats.png')}
  ${attachment(origin, 102, 'nets.png')}
</channel>
</rss>
`;
}

/** A WXR 1.0 file, as WordPress 2.x wrote it: tags under `domain="tag"`, each twice, and categories without a domain. */
export function wordpressOldSite(origin: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.0/">
<channel>
  <title>An old blog</title>
  <link>${origin}/old</link>
  <wp:wxr_version>1.0</wp:wxr_version>
  <item>
    <title>Rain in April</title>
    <link>${origin}/old/2008/04/02/rain/</link>
    <guid isPermaLink="false">${origin}/old/?p=5</guid>
    <content:encoded><![CDATA[It rained.

Then it rained more.]]></content:encoded>
    <wp:post_id>5</wp:post_id>
    <wp:post_date>2008-04-02 18:00:00</wp:post_date>
    <wp:post_date_gmt>2008-04-02 17:00:00</wp:post_date_gmt>
    <wp:post_name>rain</wp:post_name>
    <wp:status>publish</wp:status>
    <wp:post_type>post</wp:post_type>
    <category><![CDATA[Weather]]></category>
    <category domain="tag"><![CDATA[rain]]></category>
    <category domain="tag" nicename="rain"><![CDATA[rain]]></category>
    <category domain="tag"><![CDATA[april]]></category>
    <category domain="tag" nicename="april"><![CDATA[april]]></category>
  </item>
</channel>
</rss>
`;
}

/**
 * A Ghost 5 export: a post published a day after it was written and edited since (its
 * `published_at`, `updated_at` and `created_at` all differ), its images Ghost's own, and a table.
 */
export function ghostSite(): string {
  return JSON.stringify({
    db: [
      {
        meta: { exported_on: 1700000000000, version: '5.80.0' },
        data: {
          posts: [
            {
              id: '64f0c0ffee0000000000aa01',
              uuid: 'b5a9a4c2-0000-4000-8000-000000000001',
              title: 'Market day',
              slug: 'market-day',
              html: '<p>Prices today:</p><table><thead><tr><th>Item</th><th>Cedi</th></tr></thead><tbody><tr><td>Yam</td><td>12</td></tr></tbody></table><figure class="kg-card kg-image-card"><img src="__GHOST_URL__/content/images/2021/02/market.png" alt="The market"></figure>',
              feature_image: '__GHOST_URL__/content/images/2021/02/cover.png',
              type: 'post',
              status: 'published',
              visibility: 'public',
              created_at: '2021-02-01T09:00:00.000Z',
              published_at: '2021-02-02T07:30:00.000Z',
              updated_at: '2023-06-30T12:00:00.000Z',
            },
          ],
          tags: [{ id: 't1', name: 'Markets', slug: 'markets', visibility: 'public' }],
          posts_tags: [{ id: 'pt1', post_id: '64f0c0ffee0000000000aa01', tag_id: 't1', sort_order: 0 }],
        },
      },
    ],
  });
}

/**
 * A zip's files, of Hugo and Jekyll sites: a page bundle with a relative image and cover and its
 * French translation, Liquid `highlight`, `post_url` and an unknown tag, Hugo `ref` and `youtube`,
 * and a post written in raw HTML with a table. The PNGs are `bytes` of the colors given.
 */
export const markdownSite: Array<{ path: string; text?: string; png?: string }> = [
  {
    path: 'site/content/posts/trip/index.md',
    text: '---\ntitle: The trip\ndate: 2022-07-01\nimage: cover.png\ntags: [travel]\n---\nWe left at six.\n\n![The road](road.png)\n',
  },
  {
    path: 'site/content/posts/trip/index.fr.md',
    text: '---\ntitle: Le voyage\ndate: 2022-07-01\nimage: cover.png\n---\nNous sommes partis à six heures.\n\n![La route](road.png)\n',
  },
  { path: 'site/content/posts/trip/road.png', png: '#16a085' },
  { path: 'site/content/posts/trip/cover.png', png: '#2c3e50' },
  {
    path: 'site/content/posts/links.md',
    text: '---\ntitle: Links\ndate: 2022-08-01\n---\nSee [the trip]({{< ref "posts/trip" >}}).\n\n{{< youtube dQw4w9WgXcQ >}}\n',
  },
  {
    path: 'blog/_posts/2014-03-05-ruby.md',
    text: '---\ntitle: Ruby notes\n---\n{% highlight ruby %}\nputs "hi"\n{% endhighlight %}\n\nNext: [more]({% post_url 2014-03-06-more %}).\n\n{% gist 1234 %}\n',
  },
  { path: 'blog/_posts/2014-03-06-more.md', text: '---\ntitle: More Ruby\n---\nMore.\n' },
  {
    path: 'blog/_posts/2014-03-07-table.md',
    text: '---\ntitle: A table in HTML\n---\n<table>\n<tr><th>Day</th><th>Hours</th></tr>\n<tr><td>Mon</td><td>3</td></tr>\n</table>\n\n<p>Written in <b>HTML</b>.</p>\n',
  },
];
