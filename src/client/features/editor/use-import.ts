import { useMutation } from '@tanstack/react-query';
import type { ImportResult } from '../../../shared/imports.ts';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { apiPath } from '../../../shared/routes.ts';

/** POST /api/import-content: the server fetches and converts the article. */
export function useImport(onImported: (result: ImportResult) => void) {
  return useMutation({
    mutationFn: async (url: string) => (await (await apiRequest('POST', apiPath.importContent, { url })).json()) as ImportResult,
    onSuccess: (result) => {
      onImported(result);
      toast({
        title: 'Content imported',
        description: `Imported "${result.title}" from ${new URL(result.sourceUrl).hostname}. Review it before publishing.`,
      });
    },
    onError: (error) => {
      toast({
        title: 'Import failed',
        description: errorMessage(error, 'There was an error importing content.'),
        variant: 'destructive',
      });
    },
  });
}
