import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, Upload } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  SUBSCRIBER_STATUS_NAMES,
  subscriberStatusLabels,
  type Subscriber,
  type SubscriberImportResult,
  type SubscriberStatus,
} from '../../../shared/subscribers.ts';
import { apiPath, searchString } from '../../../shared/routes.ts';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { adminWidth, cx, focusRing } from '../../components/ui/class-names.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage, notifyUnauthorized } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { refreshSubscribers, removeSubscriber, subscribersQuery } from './api.ts';
import { formatDateTime } from './format.ts';
import { LoadError, LoadMore, ScreenHeader } from './screen-header.tsx';

/**
 * `/admin/subscribers` (DESIGN.md "the newsletter"): the counts, the list with its search and
 * `Remove`, `Export CSV` and `Import CSV`. Without SMTP the screen says the site sends nothing.
 */
export function SubscribersScreen() {
  const [status, setStatus] = useState<SubscriberStatus | undefined>();
  const [q, setQ] = useState('');
  const list = useInfiniteQuery(subscribersQuery({ status, q: q || undefined }));
  const first = list.data?.pages[0];
  const rows = list.data?.pages.flatMap((page) => page.subscribers) ?? [];
  const searchId = useId();

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQ(String(new FormData(event.currentTarget).get('q') ?? '').trim());
  };

  return (
    <div className={cx(adminWidth, 'py-10')}>
      <ScreenHeader title="Subscribers">
        Readers who get your new posts by e-mail, once they confirmed their address.
      </ScreenHeader>
      {first && !first.enabled && (
        <p role="note" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          This site sends no e-mail yet: set <code>SMTP_URL</code> and <code>CONTACT_TO</code> on the server to let readers
          subscribe and to send them your posts.
        </p>
      )}
      {first && (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {SUBSCRIBER_STATUS_NAMES.map((name) => (
            <Card key={name} className="p-4">
              <dt className="text-sm text-slate-700">{subscriberStatusLabels[name]}</dt>
              <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{first.counts[name]}</dd>
            </Card>
          ))}
        </dl>
      )}

      <div className="mt-6 flex flex-wrap items-end gap-3">
        <form role="search" onSubmit={search} className="flex min-w-0 flex-1 basis-64 items-end gap-2">
          <label htmlFor={searchId} className="grid min-w-0 flex-1 gap-1 text-sm font-medium text-slate-900">
            Search addresses
            <Input id={searchId} name="q" type="search" defaultValue={q} maxLength={254} />
          </label>
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
        <a href={apiPath.adminSubscribersCsv} download className={buttonClasses({ variant: 'secondary' })}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Export CSV
        </a>
      </div>

      <div role="group" aria-label="Show" className="mt-4 flex flex-wrap gap-2">
        {[undefined, ...SUBSCRIBER_STATUS_NAMES].map((value) => (
          <button
            key={value ?? 'all'}
            type="button"
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
            className={cx(
              'rounded-full border px-4 py-1.5 text-sm font-medium',
              focusRing,
              status === value
                ? 'border-blue-700 bg-blue-700 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100',
            )}
          >
            {value ? subscriberStatusLabels[value] : 'All'}
          </button>
        ))}
      </div>

      <div className="mt-6">
        {list.isPending ? (
          <Spinner label="Loading subscribers..." />
        ) : list.isError ? (
          <LoadError what="the subscribers" onRetry={() => void list.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState>{q || status ? 'No subscriber matches.' : 'No subscribers yet.'}</EmptyState>
        ) : (
          <>
            <p className="mb-2 text-sm text-slate-700">
              {first?.total === 1 ? '1 subscriber' : `${first?.total ?? 0} subscribers`}
            </p>
            <ul className="grid gap-2">
              {rows.map((subscriber) => (
                <li key={subscriber.id}>
                  <SubscriberRow subscriber={subscriber} />
                </li>
              ))}
            </ul>
            <LoadMore {...list} />
          </>
        )}
      </div>
      <ImportForm />
    </div>
  );
}

const statusTones: Record<SubscriberStatus, BadgeTone> = {
  confirmed: 'green',
  pending: 'amber',
  unsubscribed: 'neutral',
  bounced: 'red',
};

function SubscriberRow({ subscriber }: { subscriber: Subscriber }) {
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => removeSubscriber(subscriber.id),
    onSuccess: () => {
      toast({ title: 'Subscriber removed', description: `${subscriber.email} gets nothing more and is off the list.` });
      return refreshSubscribers(client);
    },
    onError: (error) =>
      toast({
        title: 'Could not remove',
        description: errorMessage(error, 'The subscriber could not be removed.'),
        variant: 'destructive',
      }),
  });
  return (
    <Card className="flex flex-wrap items-center gap-3 p-4">
      <div className="min-w-0 flex-1">
        <p className="font-medium wrap-anywhere text-slate-900">{subscriber.email}</p>
        <p className="text-sm text-slate-700">Since {formatDateTime(subscriber.createdAt)}</p>
      </div>
      <Badge tone={statusTones[subscriber.status]}>{subscriberStatusLabels[subscriber.status]}</Badge>
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)} disabled={remove.isPending}>
        Remove
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove this subscriber?"
        description={`${subscriber.email} will get no more posts and leaves the list. They can subscribe again themselves.`}
        confirmLabel="Remove"
        destructive
        onConfirm={() => remove.mutate()}
      />
    </Card>
  );
}

/** `Import CSV`: a file with a column named `email`; confirmed only when the author ticks that they agreed. */
function ImportForm() {
  const client = useQueryClient();
  const file = useRef<HTMLInputElement>(null);
  const ids = { heading: useId(), file: useId(), consent: useId(), hint: useId() };
  const [state, setState] = useState<{ busy: boolean; result?: SubscriberImportResult; error?: string }>({ busy: false });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = file.current?.files?.[0];
    if (!chosen) {
      setState({ busy: false, error: 'Choose a CSV file first.' });
      file.current?.focus();
      return;
    }
    const consent = new FormData(event.currentTarget).get('consent') === 'on';
    setState({ busy: true });
    try {
      const response = await fetch(`${apiPath.adminSubscribersImport}${searchString({ consent })}`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/csv' },
        body: chosen,
        credentials: 'include',
      });
      if (response.status === 401) notifyUnauthorized();
      const body = (await response.json().catch(() => ({}))) as SubscriberImportResult & { message?: string };
      if (!response.ok) throw new Error(body.message ?? `The import failed (HTTP ${response.status}).`);
      setState({ busy: false, result: body });
      if (file.current) file.current.value = '';
      void refreshSubscribers(client);
    } catch (error) {
      setState({ busy: false, error: error instanceof Error ? error.message : 'The import failed.' });
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-labelledby={ids.heading}
      className="mt-10 border-t border-slate-200 pt-6"
      noValidate
    >
      <h2 id={ids.heading} className="text-xl font-semibold text-slate-900">
        Import CSV
      </h2>
      <p id={ids.hint} className="mt-1 text-sm text-slate-700">
        A .csv file with a column named <code>email</code>, up to 100,000 rows. Addresses already on the list stay as they are.
      </p>
      <label htmlFor={ids.file} className="mt-3 block text-sm font-medium text-slate-900">
        CSV file
      </label>
      <Input ref={file} id={ids.file} type="file" accept=".csv,text/csv" aria-describedby={ids.hint} className="mt-1 text-sm" />
      <label htmlFor={ids.consent} className="mt-3 flex items-start gap-2 text-sm text-slate-900">
        <input id={ids.consent} name="consent" type="checkbox" className="mt-1 h-4 w-4" />
        <span>
          These people agreed to get my posts by e-mail. Without this, they are kept as pending and sent nothing; they are
          forgotten after 7 days unless they subscribe themselves.
        </span>
      </label>
      <Button type="submit" className="mt-4" aria-disabled={state.busy || undefined}>
        <Upload aria-hidden="true" className="h-4 w-4" />
        Import CSV
      </Button>
      <div role="status" className="mt-3 text-sm">
        {state.busy && 'Importing...'}
        {state.result &&
          `Added ${state.result.added} as ${state.result.status}; ${state.result.known} already on the list; ${state.result.invalid} not an e-mail address.`}
      </div>
      {state.error && (
        <p role="alert" className="mt-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {state.error}
        </p>
      )}
    </form>
  );
}
