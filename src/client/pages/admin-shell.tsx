import { lazy, Suspense, type ReactNode } from 'react';
import { Spinner } from '../components/ui/spinner.tsx';
import { AdminGate } from '../features/admin/admin-gate.tsx';

// The bar and every admin screen load only for the admin: readers never download them.
const AdminNav = lazy(() => import('../features/back-office/admin-nav.tsx'));

/** What every admin route shows: the gate, then the back office's bar above the screen. */
export function AdminShell({ loadingLabel, children }: { loadingLabel: string; children: ReactNode }) {
  return (
    <AdminGate>
      {/* Holds the bar's height while it loads, so the screen does not jump. */}
      <Suspense fallback={<div className="h-[53px] max-lg:h-[93px] max-sm:h-[131px] border-b border-slate-200 bg-slate-50" />}>
        <AdminNav />
      </Suspense>
      <main id="main">
        <Suspense fallback={<Spinner label={loadingLabel} />}>{children}</Suspense>
      </main>
    </AdminGate>
  );
}
