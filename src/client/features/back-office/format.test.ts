import { describe, expect, it } from 'vitest';
import { replyHref, replySubject } from './format.ts';

describe('reply links', () => {
  it('answer the subject, or the message when there was none', () => {
    expect(replySubject('Workshop')).toBe('Re: Workshop');
    expect(replySubject('  ')).toBe('Re: Your message');
    expect(replySubject(null)).toBe('Re: Your message');
  });

  it('encode the subject so that & and # stay in it', () => {
    expect(replyHref('ada@example.com', 'Q&A #1')).toBe('mailto:ada@example.com?subject=Re%3A%20Q%26A%20%231');
    expect(replyHref('ada@example.com', null)).toBe('mailto:ada@example.com?subject=Re%3A%20Your%20message');
  });

  it('keep an address from adding its own headers', () => {
    expect(replyHref('a?cc=x@example.com', 'Hi')).toBe('mailto:a%3Fcc%3Dx@example.com?subject=Re%3A%20Hi');
  });
});
