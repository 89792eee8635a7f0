import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useState } from 'react';
import type { SiteDocument, SiteRevision } from '../../../../shared/site.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { siteQuery } from '../../../lib/site-document.ts';
import { toast } from '../../../lib/toast.ts';
import { restoreSiteRevision, siteRevisionsQuery } from '../api.ts';
import { formatDateTime } from '../format.ts';

/**
 * `History`: every save of the site, newest first. `Restore` makes a version the site's current
 * one at once (the server saves it again as the newest), so the version it replaces stays here.
 */
export function SiteHistory({ dirty, onRestored }: { dirty: boolean; onRestored: (document: SiteDocument) => void }) {
  const queryClient = useQueryClient();
  const revisions = useQuery(siteRevisionsQuery());
  const [asking, setAsking] = useState<SiteRevision | null>(null);

  const restore = useMutation({
    mutationFn: (revision: SiteRevision) => restoreSiteRevision(revision.id),
    onSuccess: async (document, revision) => {
      queryClient.setQueryData(siteQuery().queryKey, document);
      onRestored(document);
      toast({ title: 'Version restored', description: `The site shows the version of ${formatDateTime(revision.savedAt)} now.` });
      await queryClient.invalidateQueries({ queryKey: siteRevisionsQuery().queryKey });
    },
    onError: (error) =>
      toast({
        title: 'Failed to restore the version',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  // Unsaved changes would be lost: ask first; otherwise nothing is lost (the current version stays in History).
  const start = (revision: SiteRevision) => {
    if (restore.isPending) return;
    if (dirty) setAsking(revision);
    else restore.mutate(revision);
  };

  return (
    <Card as="section" aria-labelledby="site-history-heading">
      <h2 id="site-history-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <History aria-hidden="true" className="h-5 w-5 text-slate-600" />
        History
      </h2>
      <p className="mt-1 text-sm text-slate-700">Every save, newest first. Restore puts a version back on the site at once.</p>
      {revisions.isPending ? (
        <Spinner label="Loading history..." />
      ) : revisions.isError ? (
        <p className="mt-3 text-sm text-slate-700">The history could not be loaded.</p>
      ) : revisions.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">No saved versions yet. Each save adds one.</p>
      ) : (
        <ol aria-label="Saved versions" className="mt-3 grid max-h-[28rem] gap-2 overflow-auto p-1">
          {revisions.data.map((revision) => {
            const when = formatDateTime(revision.savedAt);
            return (
              <li
                key={revision.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-2"
              >
                <span className="grid min-w-0 text-sm">
                  <time dateTime={revision.savedAt} className="font-semibold text-slate-900">
                    {when}
                  </time>
                  <span className="wrap-anywhere text-slate-700">{revision.name || '(no name)'}</span>
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Restore the version of ${when} (${revision.name || 'no name'})`}
                  // Not `disabled` while busy: a disabled button drops the keyboard focus to the page.
                  aria-disabled={restore.isPending || undefined}
                  className="aria-disabled:cursor-wait aria-disabled:opacity-70"
                  onClick={() => start(revision)}
                >
                  Restore
                </Button>
              </li>
            );
          })}
        </ol>
      )}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title="Restore this version?"
        description={`Your unsaved changes will be lost, and the site will show the version of ${asking ? formatDateTime(asking.savedAt) : ''}.`}
        confirmLabel="Restore"
        onConfirm={() => asking && restore.mutate(asking)}
      />
    </Card>
  );
}
