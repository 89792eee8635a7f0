import { Eye, EyeOff, Lock } from 'lucide-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { focusRing } from '../../components/ui/class-names.ts';
import { Input } from '../../components/ui/input.tsx';
import { apiRequest } from '../../lib/api.ts';
import { clearAdminFlag, useIsAdmin } from '../../lib/admin-session.ts';
import { apiPath } from '../../../shared/routes.ts';
import { verifyAdminPassword } from './admin-actions.ts';

/**
 * Shows `children` to the admin, the password screen to everyone else (SPEC.md section 2). The
 * admin screens put their navigation bar, with its `Logout` button, inside `children`.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const isAdmin = useIsAdmin();

  // The local flag may outlive the server session (cookie cleared, secret rotated): ask once.
  useEffect(() => {
    if (!isAdmin) return;
    let cancelled = false;
    apiRequest('GET', apiPath.adminSession)
      .then((response) => response.json() as Promise<{ authenticated: boolean }>)
      .then((session) => {
        if (!cancelled && !session.authenticated) clearAdminFlag();
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [isAdmin]);

  if (!isAdmin) return <PasswordScreen />;
  return children;
}

function PasswordScreen() {
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const ok = await verifyAdminPassword(password);
    setBusy(false);
    if (!ok) setPassword('');
  };

  return (
    <main id="main" className="flex min-h-[70vh] items-center justify-center px-4 py-16">
      <Card padding="lg" className="w-full max-w-md">
        <div className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-blue-100">
          <Lock aria-hidden="true" className="h-6 w-6 text-blue-800" />
        </div>
        <h1 className="mt-4 text-center text-2xl font-bold text-slate-900">Admin Access</h1>
        <p className="mt-2 text-center text-slate-700">Enter the admin password to access the blog editor</p>
        <form onSubmit={onSubmit} className="mt-6 grid gap-4">
          <label className="grid gap-1 text-sm font-medium text-slate-800">
            Password
            <span className="relative">
              <Input
                type={visible ? 'text' : 'password'}
                required
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                placeholder="Enter admin password"
                className="pr-10"
              />
              <button
                type="button"
                onClick={() => setVisible((v) => !v)}
                aria-label={visible ? 'Hide password' : 'Show password'}
                aria-pressed={visible}
                className={`absolute right-1 top-1/2 -translate-y-1/2 rounded p-1.5 text-slate-600 hover:text-slate-900 ${focusRing}`}
              >
                {visible ? <EyeOff aria-hidden="true" className="h-4 w-4" /> : <Eye aria-hidden="true" className="h-4 w-4" />}
              </button>
            </span>
          </label>
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? 'Verifying...' : 'Access Admin Panel'}
          </Button>
        </form>
      </Card>
    </main>
  );
}
