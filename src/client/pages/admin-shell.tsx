import { LogOut } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Button } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { AdminGate } from '../features/admin/admin-gate.tsx';
import { logoutAdmin } from '../lib/admin-session.ts';

// The bar and every admin screen load only for the admin: readers never download them.
const AdminNav = lazy(() => import('../features/back-office/admin-nav.tsx'));

/**
 * The author's own frame (issue 25), for every admin route: the gate, then the back office's bar
 * above the screen; no public menu, no footer form. `compact` is the editor's: the bar's links
 * behind one menu button and `Logout` fixed at the top right, so that the keyboard reaches the
 * post's Title third.
 */
export function AdminShell({
  loadingLabel,
  compact = false,
  children,
}: {
  loadingLabel: string;
  compact?: boolean;
  children: ReactNode;
}) {
  return (
    <AdminGate>
      {/* Holds the bar's height while it loads, so the screen does not jump. */}
      <Suspense
        fallback={
          <div
            className={
              compact
                ? 'h-[61px] border-b border-slate-200 bg-slate-50'
                : 'h-[53px] max-[1099px]:h-[93px] max-sm:h-[157px] border-b border-slate-200 bg-slate-50'
            }
          />
        }
      >
        <AdminNav compact={compact} />
      </Suspense>
      <main id="main" className="flex-1">
        <Suspense fallback={<Spinner label={loadingLabel} />}>{children}</Suspense>
      </main>
      {compact && (
        <Button variant="secondary" size="sm" className="fixed top-2 right-4 z-40 min-h-11" onClick={() => void logoutAdmin()}>
          <LogOut aria-hidden="true" className="h-4 w-4" />
          Logout
        </Button>
      )}
    </AdminGate>
  );
}
