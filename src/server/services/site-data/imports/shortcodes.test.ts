import { describe, expect, it } from 'vitest';
import { convertHighlightBlocks, convertTags } from './shortcodes.ts';

const addresses: Record<string, string> = { '2014-03-05-jekyll-post': '/blog/jekyll-post', 'posts/first': '/blog/first' };
const addressOf = (reference: string) => addresses[reference.replace(/\.md$/, '').replace(/^_posts\//, '')];

describe('convertHighlightBlocks', () => {
  it('turns a Liquid highlight block into fenced code with its language, whatever the options', () => {
    const body = 'Before\n\n{% highlight ruby linenos %}\ndef hi\n  puts "*hi*"\nend\n{% endhighlight %}\n\nAfter';
    expect(convertHighlightBlocks(body)).toEqual({
      body: 'Before\n\n```ruby\ndef hi\n  puts "*hi*"\nend\n```\n\nAfter',
      converted: 1,
    });
  });

  it('fences code holding backticks with a longer fence, and takes a block without a language', () => {
    expect(convertHighlightBlocks('{% highlight %}\nuse ``` here\n{% endhighlight %}').body).toBe('````\nuse ``` here\n````');
  });
});

describe('convertTags', () => {
  it.each([
    ['a Jekyll post_url', 'See [the post]({% post_url 2014-03-05-jekyll-post %}).', 'See [the post](/blog/jekyll-post).'],
    ['a Jekyll link to a post file', '[x]({% link _posts/2014-03-05-jekyll-post.md %})', '[x](/blog/jekyll-post)'],
    ['a Hugo ref', '[first]({{< ref "posts/first.md" >}})', '[first](/blog/first)'],
    ['a Hugo relref with %', '[first]({{% relref "posts/first" %}})', '[first](/blog/first)'],
    ['a YouTube shortcode', '{{< youtube w7Ft2ymGmfc >}}', '[Video on YouTube](https://www.youtube.com/watch?v=w7Ft2ymGmfc)'],
    [
      'a YouTube shortcode with named id',
      '{{< youtube id="w7Ft2ymGmfc" title="The talk" >}}',
      '[The talk](https://www.youtube.com/watch?v=w7Ft2ymGmfc)',
    ],
    ['a figure with a caption', '{{< figure src="/img/a.png" caption="The lake" >}}', '![The lake](/img/a.png)\n*The lake*'],
  ])('converts %s', (_name, body, expected) => {
    expect(convertTags(body, addressOf)).toMatchObject({ body: expected, kept: new Map() });
  });

  it('keeps a tag it cannot convert, and names it', () => {
    const { body, kept } = convertTags(
      '{{< gist spf13 7896402 >}}\n{% include note.html %}\n{% post_url 1999-01-01-nowhere %}',
      addressOf,
    );
    expect(body).toBe('{{< gist spf13 7896402 >}}\n{% include note.html %}\n{% post_url 1999-01-01-nowhere %}');
    expect(kept).toEqual(
      new Map([
        ['{{< gist >}}', 1],
        ['{% include %}', 1],
        ['{% post_url %}', 1],
      ]),
    );
  });

  it('leaves fenced code as it is', () => {
    const body = '```\n{{< youtube w7Ft2ymGmfc >}}\n```';
    expect(convertTags(body, addressOf)).toMatchObject({ body, kept: new Map() });
  });
});
