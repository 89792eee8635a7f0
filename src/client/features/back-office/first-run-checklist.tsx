import { Link } from 'wouter';
import { Card } from '../../components/ui/card.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { useSite } from '../../lib/site-document.ts';
import { pagePath } from '../../../shared/routes.ts';
import { placeholdersLeft } from './first-run.ts';

/**
 * The dashboard's first-run checklist: each placeholder of a fresh install still on the site,
 * linking to the field of `/admin/site` that replaces it. Gone once there is none.
 */
export function FirstRunChecklist() {
  const left = placeholdersLeft(useSite());
  if (left.length === 0) return null;
  return (
    <Card as="section" aria-labelledby="first-run-heading" className="mb-8">
      <h2 id="first-run-heading" className="text-lg font-semibold text-slate-900">
        Make the site yours
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {left.length === 1 ? 'One placeholder is' : `${left.length} placeholders are`} still on your pages.
      </p>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2">
        {left.map((item) => (
          <li key={item.field}>
            <Link
              href={`${pagePath.adminSite}#${encodeURIComponent(item.field)}`}
              className={cx('inline-flex min-h-11 items-center rounded text-blue-800 underline underline-offset-4', focusRing)}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
