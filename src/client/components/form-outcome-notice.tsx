import { isFailure, outcomeText, type FormOutcome } from '../../shared/form-outcome.ts';
import { cx } from './ui/class-names.ts';

/**
 * What a form sent without script came to, shown beside the form on the page its 303 led to: the
 * text its toast has with script (SPEC.md section 8). A failure is an alert; a success a status.
 */
export function FormOutcomeNotice({ outcome }: { outcome: FormOutcome }) {
  const failed = isFailure(outcome);
  const { title, description } = outcomeText(outcome);
  return (
    <div
      role={failed ? 'alert' : 'status'}
      className={cx(
        'rounded-md border p-4',
        failed ? 'border-red-200 bg-red-50 text-red-900' : 'border-green-200 bg-green-50 text-green-900',
      )}
    >
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm">{description}</p>
    </div>
  );
}
