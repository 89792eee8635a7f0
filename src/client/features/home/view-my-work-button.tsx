import { ArrowRight } from 'lucide-react';
import { useSiteConfig } from '../../lib/site-config.tsx';
import { PARTNERS_SECTION_ID, scrollToSection } from '../../lib/scroll.ts';
import { scriptForms } from '../../lib/script-forms.ts';

const className =
  'items-center gap-2 rounded-md bg-blue-700 px-6 py-3 font-semibold text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-2';

/**
 * SPEC.md: View My Work scrolls to the partnerships section (the home page's one island). Without
 * script (`noscript:`, Tailwind's `@media (scripting: none)`), and on a data-saver page, which has
 * none, a link to the section goes there instead.
 */
export function ViewMyWorkButton() {
  const forms = scriptForms('inline-flex', useSiteConfig().saveData);
  const label = (
    <>
      View My Work
      <ArrowRight aria-hidden="true" className="h-4 w-4" />
    </>
  );
  return (
    <>
      <a href={`#${PARTNERS_SECTION_ID}`} className={`${className} ${forms.withoutScript}`}>
        {label}
      </a>
      {forms.withScript && (
        <button type="button" onClick={() => scrollToSection(PARTNERS_SECTION_ID)} className={`${className} ${forms.withScript}`}>
          {label}
        </button>
      )}
    </>
  );
}
