import { describe, expect, it } from 'vitest';
import { excerptParts } from './excerpt-links.ts';

describe('excerptParts', () => {
  it('keeps plain text as one part', () => {
    expect(excerptParts('Just words, no links.')).toEqual([{ text: 'Just words, no links.' }]);
  });

  it('turns a markdown link into a link part between the text around it', () => {
    expect(excerptParts('Read [the report](https://example.org/report) first.')).toEqual([
      { text: 'Read ' },
      { text: 'the report', href: 'https://example.org/report', newTab: true },
      { text: ' first.' },
    ]);
  });

  it('opens only http:// and https:// links in a new tab', () => {
    const parts = excerptParts('[a](http://a.example) [b](mailto:me@example.org) [c](/blog/other-post) [d](#notes)');
    expect(parts.filter((part) => 'href' in part)).toEqual([
      { text: 'a', href: 'http://a.example', newTab: true },
      { text: 'b', href: 'mailto:me@example.org', newTab: false },
      { text: 'c', href: '/blog/other-post', newTab: false },
      { text: 'd', href: '#notes', newTab: false },
    ]);
  });

  it('keeps only the label of a link to an unsafe protocol', () => {
    expect(excerptParts('Click [here](javascript:alert%281%29) or [there](JavaScript:void) or [x](data:text/html,hi).')).toEqual([
      { text: 'Click here or there or x.' },
    ]);
  });

  it('reads the protocol the way a browser does, ignoring control characters in front of it', () => {
    for (const href of ['\x01javascript:alert%281%29', '\x0Ejava\x01script:x', 'data:text/html,x', 'vbscript:x']) {
      expect(excerptParts(`[x](${href})`), JSON.stringify(href)).toEqual([{ text: 'x' }]);
    }
    expect(excerptParts('[x](/path?next=a:b)')).toEqual([{ text: 'x', href: '/path?next=a:b', newTab: false }]);
  });

  it('reads an image written in the text as its description', () => {
    expect(excerptParts('Before ![Students at work](/objects/uploads/abc) after')).toEqual([
      { text: 'Before Students at work after' },
    ]);
    expect(excerptParts('Start ![](/objects/uploads/abc) end')).toEqual([{ text: 'Start  end' }]);
  });

  it('leaves a link cut off by truncation as text', () => {
    expect(excerptParts('See [the guide](https://exam...')).toEqual([{ text: 'See [the guide](https://exam...' }]);
  });
});
