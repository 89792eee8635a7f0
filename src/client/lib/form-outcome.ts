import type { FormOutcome, VisitorForm } from '../../shared/form-outcome.ts';
import { usePageData } from './page-data.tsx';

/**
 * Where a page's data holds what a form sent from it without script came to (the server puts it
 * there for the one page that follows the form's 303; ssr-data.ts).
 */
export const formOutcomeKey = ['form-outcome'] as const;

/** The outcome of `form` that this page arrived with, if any. */
export function useFormOutcome(form: VisitorForm): FormOutcome | undefined {
  const outcome = usePageData<FormOutcome>(formOutcomeKey);
  return outcome?.form === form ? outcome : undefined;
}
