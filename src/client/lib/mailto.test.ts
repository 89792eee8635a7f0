import { describe, expect, it } from 'vitest';
import { mailtoHref } from './mailto.ts';

describe('mailtoHref', () => {
  it('keeps a visitor address from adding recipients or text (the messages and comments screens)', () => {
    const href = mailtoHref('x@example.com?cc=evil@example.org&body=pwned');
    expect(href).toBe('mailto:x@example.com%3Fcc%3Devil@example.org%26body%3Dpwned');
    expect(new URL(href).search).toBe('');
  });

  it('encodes headers so that & and # stay in them', () => {
    expect(mailtoHref('ada@example.com', { subject: 'Re: Q&A #1' })).toBe('mailto:ada@example.com?subject=Re%3A%20Q%26A%20%231');
  });
});
