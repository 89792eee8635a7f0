import { Mail, MapPin } from 'lucide-react';
import { useSite } from '../../lib/site-document.ts';
import { CONTACT_SECTION_ID } from '../../lib/scroll.ts';
import type { ReactNode } from 'react';
import { mailtoHref } from '../../lib/mailto.ts';

/**
 * The site's footer; `contactForm` and `subscribeForm` are composed by the app shell. It is a dark
 * band in both colour schemes: in the dark one the scales turn over (styles.css), so each colour
 * names its mirror there (`dark:text-slate-800` is light-mode slate-200), and its ground is the
 * darkest slate, a step below the page's.
 */
export function Footer({ contactForm, subscribeForm }: { contactForm: ReactNode; subscribeForm?: ReactNode }) {
  const { profile, meta } = useSite();
  return (
    <footer id={CONTACT_SECTION_ID} className="scroll-mt-16 bg-slate-900 text-slate-200 dark:bg-slate-50 dark:text-slate-800">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 md:grid-cols-2">
        <div>
          <h2 className="text-3xl font-bold text-white dark:text-slate-950">Get in Touch</h2>
          {meta.footerText && <p className="mt-4 max-w-md text-slate-300 dark:text-slate-700">{meta.footerText}</p>}
          <ul className="mt-6 space-y-3 text-slate-300 dark:text-slate-700">
            {profile.email && (
              <li className="flex items-center gap-2">
                <Mail aria-hidden="true" className="h-5 w-5 shrink-0 text-blue-400 dark:text-blue-600" />
                {/* An address is one long word: it wraps rather than widen a narrow phone's page. */}
                <a className="min-w-0 wrap-anywhere underline-offset-4 hover:underline" href={mailtoHref(profile.email)}>
                  {profile.email}
                </a>
              </li>
            )}
            {profile.location && (
              <li className="flex items-center gap-2">
                <MapPin aria-hidden="true" className="h-5 w-5 shrink-0 text-blue-400 dark:text-blue-600" />
                {profile.location}
              </li>
            )}
          </ul>
          {subscribeForm && <div className="mt-10 max-w-md">{subscribeForm}</div>}
        </div>
        {contactForm}
      </div>
      <div className="border-t border-slate-800 py-6 text-center text-sm text-slate-400 dark:border-slate-200 dark:text-slate-600">
        <span suppressHydrationWarning>© {new Date().getFullYear()}</span> {profile.name}. All rights reserved.
      </div>
    </footer>
  );
}
