import { ArrowRight } from 'lucide-react';
import { PARTNERS_SECTION_ID, scrollToSection } from '../../lib/scroll.ts';

/** SPEC.md: View My Work scrolls to the partnerships section (the home page's one island). */
export function ViewMyWorkButton() {
  return (
    <button
      type="button"
      onClick={() => scrollToSection(PARTNERS_SECTION_ID)}
      className="inline-flex items-center gap-2 rounded-md bg-blue-700 px-6 py-3 font-semibold text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-2"
    >
      View My Work
      <ArrowRight aria-hidden="true" className="h-4 w-4" />
    </button>
  );
}
