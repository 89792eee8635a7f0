import { useMutation } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { useId, useRef } from 'react';
import type { PreviewLink } from '../../../shared/revisions.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { apiPath } from '../../../shared/routes.ts';
import { formatLocalDateTime } from './editor-state.ts';

/**
 * A signed address that shows a draft or scheduled post as readers will see it (DESIGN.md
 * "preview links"), to send to someone before it goes out. It stops working after 7 days.
 */
export function PreviewLinkControl({ postId }: { postId: string }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const create = useMutation({
    mutationFn: async () => (await (await apiRequest('POST', apiPath.previewLink(postId))).json()) as PreviewLink,
    onError: (error) =>
      toast({
        title: 'Failed to create preview link',
        description: errorMessage(error, 'There was an error creating the preview link.'),
        variant: 'destructive',
      }),
  });

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: 'The preview link is on your clipboard.' });
    } catch {
      // No clipboard access (an insecure origin, a refused permission): select it for Ctrl+C.
      input.current?.select();
      toast({ title: 'Copy the selected link', description: 'Press Ctrl+C (or Cmd+C) to copy it.' });
    }
  };

  return (
    <div className="grid gap-2">
      <Button variant="secondary" onClick={() => create.mutate()} disabled={create.isPending}>
        <Link2 aria-hidden="true" className="h-4 w-4" />
        {create.isPending ? 'Creating link...' : 'Get preview link'}
      </Button>
      {create.data && (
        <div className="grid gap-1">
          <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
            Preview link
          </label>
          <div className="flex gap-2">
            <Input
              ref={input}
              id={inputId}
              readOnly
              value={create.data.url}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 text-sm"
            />
            <Button variant="secondary" size="sm" onClick={() => void copy(create.data.url)}>
              Copy link
            </Button>
          </div>
          <p className="text-sm text-slate-700">
            Works until <time dateTime={create.data.expiresAt}>{formatLocalDateTime(create.data.expiresAt)}</time>, without a
            password, for anyone who has it.
          </p>
        </div>
      )}
    </div>
  );
}
