import { queryOptions, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { FormOutcome } from '../../../shared/form-outcome.ts';
import { PAGE_FIELD, VISITOR_FORMS } from '../../../shared/form-outcome.ts';
import { LIMITS } from '../../../shared/constants.ts';
import { apiPath } from '../../../shared/routes.ts';
import { FormOutcomeNotice } from '../../components/form-outcome-notice.tsx';
import { Honeypot, LABEL_TONE } from '../../components/visitor-form-parts.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { cx } from '../../components/ui/class-names.ts';
import { formOutcomeKey } from '../../lib/form-outcome.ts';
import { useNavigation } from '../../lib/navigation.tsx';
import { newsletterEnabledQuery } from './api.ts';

/**
 * `Get new posts by e-mail` (DESIGN.md "the newsletter"): one field and `Subscribe`, a plain form
 * POST answered 303 back to this page, which then says to check the inbox. It needs no script, so
 * it is part of the page's HTML, not an island. Shown only when the site sends a newsletter. The
 * one marked `anchor` is where the 303 lands and shows what the send came to.
 */
export function SubscribeForm({ anchor, tone }: { anchor: boolean; tone: 'light' | 'dark' }) {
  const { data: enabled } = useQuery(newsletterEnabledQuery());
  const { data: outcome } = useQuery(queryOptions<FormOutcome>({ queryKey: formOutcomeKey, enabled: false }));
  const { path } = useNavigation();
  const ids = { heading: useId(), field: useId() };
  if (!enabled) return null;
  const dark = tone === 'dark';
  return (
    <section id={anchor ? VISITOR_FORMS.subscribe.section : undefined} aria-labelledby={ids.heading} className="scroll-mt-16">
      <h2 id={ids.heading} className={cx('text-xl font-bold', dark ? 'text-white dark:text-slate-950' : 'text-slate-900')}>
        Get new posts by e-mail
      </h2>
      {anchor && outcome?.form === 'subscribe' && (
        <div className="mt-3">
          <FormOutcomeNotice outcome={outcome} />
        </div>
      )}
      <form method="post" action={apiPath.subscribe} className="relative mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name={PAGE_FIELD} value={path} />
        <label htmlFor={ids.field} className={cx('grid min-w-0 flex-1 basis-56 gap-1 text-sm font-medium', LABEL_TONE[tone])}>
          E-mail address
          <Input
            id={ids.field}
            name="email"
            type="email"
            required
            autoComplete="email"
            maxLength={LIMITS.email}
            defaultValue={anchor && outcome?.form === 'subscribe' ? outcome.fields?.email : undefined}
          />
        </label>
        <Honeypot />
        <Button type="submit">Subscribe</Button>
      </form>
    </section>
  );
}
