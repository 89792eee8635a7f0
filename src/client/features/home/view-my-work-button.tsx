import { ArrowRight } from 'lucide-react';
import { PARTNERS_SECTION_ID, scrollToSection } from '../../lib/scroll.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

const className =
  'inline-flex items-center gap-2 rounded-md bg-blue-700 px-6 py-3 font-semibold text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-2';

/** SPEC.md: View My Work scrolls to the partnerships section (the home page's one island). */
export function ViewMyWorkButton() {
  const hydrated = useHydrated();
  const label = (
    <>
      View My Work
      <ArrowRight aria-hidden="true" className="h-4 w-4" />
    </>
  );
  // Until the page's script runs (and without script, a data-saver page among them), a link to the
  // section goes there instead.
  if (!hydrated) {
    return (
      <a href={`#${PARTNERS_SECTION_ID}`} className={className}>
        {label}
      </a>
    );
  }
  return (
    <button type="button" onClick={() => scrollToSection(PARTNERS_SECTION_ID)} className={className}>
      {label}
    </button>
  );
}
