import type { QueryClient } from '@tanstack/react-query';
import { IMPORT_MAX_BYTES, type SiteImportResult } from '../../../shared/backup.ts';
import { ApiError, notifyUnauthorized } from '../../lib/api.ts';
import { apiPath } from '../../../shared/routes.ts';

/**
 * The dashboard's `Import` (DESIGN.md "your data is yours"): the file goes up as the raw body of
 * `POST /api/admin/import` through XMLHttpRequest, the one browser API that reports upload
 * progress, and the answer is told back in words.
 */

/** What the picker offers. Only a hint: the server recognises a file by its content. */
export const IMPORT_FILE_TYPES = '.zip,.xml,.json';

export const importFormatLabels: Record<SiteImportResult['format'], string> = {
  backup: 'a backup of this site',
  wordpress: 'a WordPress export',
  ghost: 'a Ghost export',
  markdown: 'a zip of markdown files',
};

const counted = (count: number, one: string) => `${count} ${count === 1 ? one : `${one}s`}`;

/** "Imported 12 posts, 30 comments, 4 uploads; 2 skipped." */
export function importSummary(
  result: Pick<SiteImportResult, 'posts' | 'comments' | 'uploads' | 'skipped' | 'oldAddresses'>,
): string {
  const addresses = result.oldAddresses ?? 0;
  const moved =
    addresses === 0
      ? ''
      : addresses === 1
        ? ' 1 old address now leads to its post.'
        : ` ${addresses} old addresses now lead to the posts.`;
  return `Imported ${counted(result.posts, 'post')}, ${counted(result.comments, 'comment')}, ${counted(result.uploads, 'upload')}; ${result.skipped} skipped.${moved}`;
}

/** "512 B", "3.4 KB", "120 MB": how far an upload has gone, at a glance. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** Whole percent, never past 100 (and 0 while the size is unknown). */
export function uploadPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.floor((loaded / total) * 100));
}

/** Why a file is not worth sending, said before a byte goes out; undefined when it can go. */
export function importFileProblem(file: { name: string; size: number }): string | undefined {
  if (file.size === 0) return `${file.name} is empty.`;
  // The server refuses it too (413), but only after the author has waited for the upload.
  if (file.size > IMPORT_MAX_BYTES) return `${file.name} is larger than 500 MB, the most an import takes.`;
  return undefined;
}

/** What a failed answer says to the author: the server's `{ message }`, else a plain fallback. */
export function importFailureMessage(status: number, responseText: string): string {
  if (status === 0) return 'The upload was interrupted. Check the connection and try again.';
  try {
    const parsed = JSON.parse(responseText) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message.trim()) return parsed.message;
  } catch {
    // Not JSON (a proxy's error page, for one): nothing in it a person should read.
  }
  return `The import failed (HTTP ${status}).`;
}

export interface ImportUploadEvents {
  /** Where the old site still answers, for the images its file does not hold (`?from=`). */
  from?: string;
  /** Bytes sent so far of `total`. */
  onProgress: (loaded: number, total: number) => void;
  /** Every byte is on the server; it now reads the file and stores what it holds. */
  onUploaded: () => void;
  /** Aborts the upload; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * Sends `file` and resolves with what came in. Failures reject with an `ApiError` carrying the
 * message to show; a 401 first locks the admin view, as `apiRequest` does on every other screen.
 */
export function uploadImportFile(file: File, events: ImportUploadEvents): Promise<SiteImportResult> {
  return new Promise((resolve, reject) => {
    const { signal } = events;
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);

    xhr.open('POST', events.from ? `${apiPath.adminImport}?from=${encodeURIComponent(events.from)}` : apiPath.adminImport);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => events.onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.upload.onload = () => events.onUploaded();
    xhr.onload = () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as SiteImportResult);
        } catch {
          reject(new ApiError(xhr.status, 'The server answered something other than an import summary.'));
        }
        return;
      }
      if (xhr.status === 401) notifyUnauthorized();
      reject(new ApiError(xhr.status, importFailureMessage(xhr.status, xhr.responseText)));
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(0, importFailureMessage(0, '')));
    };
    xhr.onabort = () => {
      settle();
      reject(signal?.reason ?? new DOMException('The upload was cancelled', 'AbortError'));
    };
    xhr.send(file);
  });
}

/**
 * An import can touch everything the admin looks at (a restore brings back posts, comments,
 * messages and revisions): every cached answer is marked stale, and the ones on screen (the
 * dashboard's counts and lists) are fetched again at once.
 */
export function refreshAfterImport(client: QueryClient): Promise<void> {
  return client.invalidateQueries();
}
