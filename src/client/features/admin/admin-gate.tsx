import { Eye, EyeOff, KeyRound, Lock } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { focusRing } from '../../components/ui/class-names.ts';
import { Input } from '../../components/ui/input.tsx';
import { apiRequest } from '../../lib/api.ts';
import { clearAdminFlag, useIsAdmin } from '../../lib/admin-session.ts';
import { apiPath } from '../../../shared/routes.ts';
import { PASSKEY_REQUIRED_MESSAGE } from '../../../shared/constants.ts';
import { verifyAdminPassword, verifyPasskey, type SignInOutcome } from './admin-actions.ts';

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
  // After a right password on a site that requires a passkey: the second step.
  const [secondStep, setSecondStep] = useState(false);
  const [recoveryCode, setRecoveryCode] = useState('');
  const secondStepHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (secondStep) secondStepHeading.current?.focus();
  }, [secondStep]);

  const run = async (attempt: () => Promise<SignInOutcome>) => {
    setBusy(true);
    const outcome = await attempt();
    setBusy(false);
    return outcome;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await run(() => verifyAdminPassword(password));
    if (outcome === 'passkey-required') setSecondStep(true);
    else if (outcome === 'refused') setPassword('');
  };

  const onRecoveryCode = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await run(() => verifyAdminPassword(password, recoveryCode));
    if (outcome === 'refused') {
      // The password was refused this time (changed meanwhile): start again.
      setSecondStep(false);
      setPassword('');
    }
  };

  const passkeyButton = (
    <Button
      type="button"
      variant={secondStep ? 'primary' : 'secondary'}
      size="lg"
      disabled={busy}
      onClick={() => void run(verifyPasskey)}
    >
      <KeyRound aria-hidden="true" className="h-4 w-4" />
      Sign in with a passkey
    </Button>
  );

  return (
    <main id="main" className="flex min-h-[70vh] items-center justify-center px-4 py-16">
      <Card padding="lg" className="w-full max-w-md">
        <div className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-blue-100">
          <Lock aria-hidden="true" className="h-6 w-6 text-blue-800" />
        </div>
        <h1 className="mt-4 text-center text-2xl font-bold text-slate-900">Admin Access</h1>
        {secondStep ? (
          <div className="mt-4 grid gap-4">
            <h2
              ref={secondStepHeading}
              tabIndex={-1}
              className="text-center text-lg font-semibold text-slate-900 focus:outline-none"
            >
              One more step
            </h2>
            <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-center text-amber-950">
              {PASSKEY_REQUIRED_MESSAGE}
            </p>
            {passkeyButton}
            <form onSubmit={onRecoveryCode} className="grid gap-3 border-t border-slate-200 pt-4">
              <label className="grid gap-1 text-sm font-medium text-slate-800">
                Recovery code
                <Input
                  required
                  autoComplete="one-time-code"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={64}
                  value={recoveryCode}
                  onChange={(event) => setRecoveryCode(event.target.value)}
                  placeholder="XXXX-XXXX-XXXX"
                />
              </label>
              <p className="text-sm text-slate-700">No passkey at hand? Each of your recovery codes opens the site once.</p>
              <Button type="submit" variant="secondary" disabled={busy}>
                Use recovery code
              </Button>
            </form>
            <button
              type="button"
              onClick={() => {
                setSecondStep(false);
                setPassword('');
                setRecoveryCode('');
              }}
              className={`justify-self-center rounded px-2 py-1 text-sm text-blue-800 underline ${focusRing}`}
            >
              Start again
            </button>
          </div>
        ) : (
          <>
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
                    className="pr-12"
                  />
                  <button
                    type="button"
                    onClick={() => setVisible((v) => !v)}
                    aria-label={visible ? 'Hide password' : 'Show password'}
                    aria-pressed={visible}
                    className={`absolute right-0 top-1/2 inline-flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded text-slate-600 hover:text-slate-900 ${focusRing}`}
                  >
                    {visible ? <EyeOff aria-hidden="true" className="h-4 w-4" /> : <Eye aria-hidden="true" className="h-4 w-4" />}
                  </button>
                </span>
              </label>
              <Button type="submit" size="lg" disabled={busy}>
                {busy ? 'Verifying...' : 'Access Admin Panel'}
              </Button>
            </form>
            <div className="mt-4 grid gap-4">
              <p className="flex items-center gap-3 text-sm text-slate-700 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
                or
              </p>
              {passkeyButton}
            </div>
          </>
        )}
        <p className="mt-6 text-center text-sm">
          <a href="/" className={`inline-flex min-h-11 items-center rounded px-2 text-blue-800 underline ${focusRing}`}>
            Back to the site
          </a>
        </p>
      </Card>
    </main>
  );
}
