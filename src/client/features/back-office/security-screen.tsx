import { adminWidth, cx } from '../../components/ui/class-names.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { PasskeySummary, SecurityOverview } from '../../../shared/security.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { errorMessage } from '../../lib/api.ts';
import { createPasskey, PasskeyError } from '../../lib/passkeys.ts';
import { toast } from '../../lib/toast.ts';
import { addPasskey, newRecoveryCodes, refreshSecurity, removePasskey, securityQuery, setPasskeyRequired } from './api.ts';
import { formatDateTime } from './format.ts';
import { LoadError, ScreenHeader } from './screen-header.tsx';

const sectionClass = 'mt-10 border-t border-slate-200 pt-6';

/**
 * `/admin/security` (DESIGN.md "passkeys for the author"): the author's passkeys, `Add a passkey`,
 * `Recovery codes` and `Require a passkey`. On an IP address it says passkeys need a domain name.
 */
export function SecurityScreen() {
  const overview = useQuery(securityQuery());
  return (
    <div className={cx(adminWidth, 'py-10')}>
      <ScreenHeader title="Security">How you sign in to this site&apos;s back office, besides the password.</ScreenHeader>
      {overview.isPending ? (
        <Spinner label="Loading security settings..." />
      ) : overview.isError ? (
        <LoadError what="the security settings" onRetry={() => void overview.refetch()} />
      ) : overview.data.available ? (
        <SecuritySettings overview={overview.data} />
      ) : (
        <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          Passkeys need a domain name. This site&apos;s address (<code>SITE_URL</code>) is an IP address, and browsers refuse
          passkeys on one. Set <code>SITE_URL</code> to the site&apos;s domain name (<code>localhost</code> counts) to add
          passkeys here.
        </p>
      )}
    </div>
  );
}

function SecuritySettings({ overview }: { overview: SecurityOverview }) {
  const client = useQueryClient();
  const requireSwitch = useMutation({
    mutationFn: setPasskeyRequired,
    onSuccess: (next) => {
      client.setQueryData(securityQuery().queryKey, next);
      toast(
        next.requirePasskey
          ? { title: 'Passkey required', description: 'From now on, the password alone no longer opens the back office.' }
          : { title: 'Passkey no longer required', description: 'The password alone opens the back office again.' },
      );
    },
    onError: (error) =>
      toast({
        title: 'Could not change',
        description: errorMessage(error, 'The setting was not saved.'),
        variant: 'destructive',
      }),
  });

  return (
    <>
      <section aria-labelledby="passkeys-heading">
        <h2 id="passkeys-heading" className="text-xl font-semibold text-slate-900">
          Passkeys
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          A passkey signs you in with this device&apos;s lock (fingerprint, face or PIN) or a security key, and cannot be phished.
        </p>
        {overview.passkeys.length === 0 ? (
          <div className="mt-4">
            <EmptyState>No passkey yet.</EmptyState>
          </div>
        ) : (
          <ul className="mt-4 grid gap-2" aria-label="Your passkeys">
            {overview.passkeys.map((passkey) => (
              <li key={passkey.id}>
                <PasskeyRow passkey={passkey} last={overview.passkeys.length === 1 && overview.requirePasskey} />
              </li>
            ))}
          </ul>
        )}
        <AddPasskeyForm />
      </section>

      {overview.passkeys.length > 0 && (
        <section aria-labelledby="require-heading" className={sectionClass}>
          <h2 id="require-heading" className="sr-only">
            Require a passkey
          </h2>
          <Card className="p-4">
            <Switch
              label="Require a passkey"
              checked={overview.requirePasskey}
              onCheckedChange={(required) => requireSwitch.mutate(required)}
            />
            <p className="mt-2 text-sm text-slate-700">
              When on, the password alone is refused: after it, the gate asks for one of your passkeys or a recovery code.
            </p>
            {overview.requirePasskey && overview.recoveryCodes.remaining === 0 && (
              <p role="note" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
                You have no recovery code left. Generate a set below, in case this device is lost.
              </p>
            )}
          </Card>
        </section>
      )}

      <RecoveryCodes remaining={overview.recoveryCodes.remaining} total={overview.recoveryCodes.total} />
    </>
  );
}

function PasskeyRow({ passkey, last }: { passkey: PasskeySummary; last: boolean }) {
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => removePasskey(passkey.id),
    onSuccess: () => {
      toast({ title: 'Passkey removed', description: `"${passkey.name}" no longer signs you in.` });
      return refreshSecurity(client);
    },
    onError: (error) =>
      toast({
        title: 'Could not remove',
        description: errorMessage(error, 'The passkey was not removed.'),
        variant: 'destructive',
      }),
  });
  return (
    <Card className="flex flex-wrap items-center gap-3 p-4">
      <KeyRound aria-hidden="true" className="h-5 w-5 shrink-0 text-slate-600" />
      <div className="min-w-0 flex-1">
        <p className="font-medium wrap-anywhere text-slate-900">{passkey.name}</p>
        <p className="text-sm text-slate-700">
          Added {formatDateTime(passkey.createdAt)} ·{' '}
          {passkey.lastUsedAt ? `Last used ${formatDateTime(passkey.lastUsedAt)}` : 'Never used'}
        </p>
      </div>
      <Button
        variant="danger-outline"
        size="sm"
        onClick={() => setConfirming(true)}
        disabled={remove.isPending}
        aria-label={`Remove ${passkey.name}`}
      >
        Remove
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove this passkey?"
        description={
          last
            ? `"${passkey.name}" is your only passkey: removing it also turns off Require a passkey, and the password alone opens the site again.`
            : `"${passkey.name}" will no longer sign you in. The passkey may stay on the device; it does nothing here.`
        }
        confirmLabel="Remove"
        destructive
        onConfirm={() => remove.mutate()}
      />
    </Card>
  );
}

/** `Add a passkey`: a name the author chooses, then the browser's own dialog. */
function AddPasskeyForm() {
  const client = useQueryClient();
  const ids = { name: useId(), hint: useId(), error: useId() };
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Give the passkey a name, such as the device it is on.');
      document.getElementById(ids.name)?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const response = await createPasskey();
      await addPasskey(trimmed, response);
      setName('');
      toast({ title: 'Passkey added', description: `"${trimmed}" now signs you in.` });
      await refreshSecurity(client);
    } catch (caught) {
      setError(caught instanceof PasskeyError ? caught.message : errorMessage(caught, 'The passkey could not be added.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-6 grid gap-2 sm:max-w-md">
      <label htmlFor={ids.name} className="text-sm font-medium text-slate-900">
        Passkey name
      </label>
      <Input
        id={ids.name}
        value={name}
        onChange={(event) => setName(event.target.value)}
        maxLength={100}
        placeholder="e.g. Work laptop"
        aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
        aria-invalid={error ? true : undefined}
      />
      <p id={ids.hint} className="text-sm text-slate-700">
        The name tells your passkeys apart in this list.
      </p>
      {error && (
        <p id={ids.error} role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      )}
      <Button type="submit" disabled={busy} className="justify-self-start">
        <KeyRound aria-hidden="true" className="h-4 w-4" />
        {busy ? 'Waiting for the passkey...' : 'Add a passkey'}
      </Button>
    </form>
  );
}

/** `Recovery codes`: how many are left, and a new set of 10 shown once. */
function RecoveryCodes({ remaining, total }: { remaining: number; total: number }) {
  const client = useQueryClient();
  const [codes, setCodes] = useState<string[]>();
  const [confirming, setConfirming] = useState(false);
  const generate = useMutation({
    mutationFn: newRecoveryCodes,
    onSuccess: (fresh) => {
      setCodes(fresh);
      return refreshSecurity(client);
    },
    onError: (error) =>
      toast({ title: 'Could not generate', description: errorMessage(error, 'No new codes were made.'), variant: 'destructive' }),
  });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes!.join('\n'));
      toast({ title: 'Codes copied', description: 'Keep them somewhere other than this device.' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the codes and copy them by hand.', variant: 'destructive' });
    }
  };

  return (
    <section aria-labelledby="recovery-heading" className={sectionClass}>
      <h2 id="recovery-heading" className="text-xl font-semibold text-slate-900">
        Recovery codes
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        If you lose your passkeys, the password followed by one of these codes opens the site. Each code works once.
      </p>
      <p className="mt-3 text-slate-900">{total === 0 ? 'No recovery codes yet.' : `${remaining} of ${total} codes left.`}</p>
      {codes && (
        <div role="status" className="mt-4 rounded-lg border border-blue-200 bg-blue-50 p-4">
          <p className="font-semibold text-slate-900">Your new recovery codes, shown only this once:</p>
          <ol
            aria-label="Recovery codes"
            className="mt-3 grid grid-cols-1 gap-1 font-mono text-slate-900 min-[420px]:grid-cols-2"
          >
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ol>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void copy()}>
            <Copy aria-hidden="true" className="h-4 w-4" />
            Copy codes
          </Button>
        </div>
      )}
      <Button
        variant="secondary"
        className="mt-4"
        disabled={generate.isPending}
        onClick={() => (total > 0 ? setConfirming(true) : generate.mutate())}
      >
        {total > 0 ? 'Generate new recovery codes' : 'Generate recovery codes'}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Generate new recovery codes?"
        description="Your current codes stop working as soon as the new ones are made."
        confirmLabel="Generate"
        onConfirm={() => generate.mutate()}
      />
    </section>
  );
}
