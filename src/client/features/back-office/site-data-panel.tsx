import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Upload } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { ImportedPostReport, SiteImportResult } from '../../../shared/backup.ts';
import { Button, ButtonLink, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { ApiError } from '../../lib/api.ts';
import { oldAddressesQuery } from './api.ts';
import { apiPath, pagePath } from '../../../shared/routes.ts';
import {
  formatBytes,
  IMPORT_FILE_TYPES,
  importFileProblem,
  importFormatLabels,
  importSummary,
  refreshAfterImport,
  uploadImportFile,
  uploadPercent,
} from './site-import.ts';

type ImportState =
  | { step: 'idle' }
  | { step: 'uploading'; fileName: string; loaded: number; total: number }
  | { step: 'importing'; fileName: string }
  | { step: 'done'; fileName: string; result: SiteImportResult }
  | { step: 'failed'; message: string };

/**
 * The dashboard's "your data is yours" (DESIGN.md): `Download backup` is a plain link, so the
 * browser streams the zip straight to disk; `Import` sends a file up with a progress bar and says
 * what came in.
 */
export function SiteDataPanel() {
  return (
    <Card as="section" aria-labelledby="site-data-heading" className="mt-8">
      <h2 id="site-data-heading" className="text-lg font-semibold text-slate-900">
        Your data
      </h2>
      <div className="mt-4 grid gap-8 md:grid-cols-2">
        <div>
          <h3 className="font-semibold text-slate-900">Backup</h3>
          <p className="mt-1 text-sm text-slate-700">
            Everything in one .zip file: posts, uploads, comments, messages and revisions. Import it here to restore the site.
          </p>
          {/* A real link, not a fetch: the archive can be gigabytes, and only a download keeps it out of memory. */}
          <a href={apiPath.adminExport} download className={buttonClasses({ variant: 'secondary', className: 'mt-4' })}>
            <Download aria-hidden="true" className="h-4 w-4" />
            Download backup
          </a>
        </div>
        <ImportForm />
      </div>
      <OldAddresses />
    </Card>
  );
}

/** Rows shown at first: a site moved in with thousands of posts has thousands of addresses. */
const OLD_ADDRESSES_SHOWN = 50;

/**
 * Where imported posts lived on the site the author moved from: each of these addresses sends
 * readers (and search engines, and links from other sites) to the post here with a 301.
 */
function OldAddresses() {
  const { data, isError } = useQuery(oldAddressesQuery());
  const [all, setAll] = useState(false);
  const ids = { heading: useId() };
  const addresses = data?.addresses ?? [];
  const shown = all ? addresses : addresses.slice(0, OLD_ADDRESSES_SHOWN);
  return (
    <section aria-labelledby={ids.heading} className="mt-8 border-t border-slate-200 pt-6">
      <h3 id={ids.heading} className="font-semibold text-slate-900">
        Old addresses
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Addresses your posts had on the site you moved from. Readers, search engines and links from other sites that ask for one
        are sent to the post here (a permanent redirect); a draft’s waits until it is published.
      </p>
      {isError && (
        <p className="mt-2 text-sm text-red-800">The old addresses could not be loaded. Reload the page to try again.</p>
      )}
      {data && addresses.length === 0 && (
        <p className="mt-2 text-sm text-slate-700">None yet: importing a WordPress, Ghost or markdown site records them.</p>
      )}
      {addresses.length > 0 && (
        <>
          <p className="mt-2 text-sm text-slate-700">
            {addresses.length === 1 ? '1 old address' : `${addresses.length} old addresses`}
          </p>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-slate-700">
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Old address
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Leads to
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((address) => (
                  <tr key={address.path} className="border-b border-slate-100 align-top">
                    <td className="py-2 pr-4 font-mono text-xs wrap-anywhere text-slate-900">{address.path}</td>
                    <td className="py-2 wrap-anywhere">
                      <a href={pagePath.post(address.slug)} className="text-blue-800 underline">
                        {address.title}
                      </a>
                      {!address.live && <span className="ml-2 text-slate-700">(not published: 404 until it is)</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {addresses.length > shown.length && (
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => setAll(true)}>
              Show all {addresses.length}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function ImportForm() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ImportState>({ step: 'idle' });
  const upload = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fromInput = useRef<HTMLInputElement>(null);
  const importButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const ids = { heading: useId(), input: useId(), hint: useId(), from: useId(), fromHint: useId() };
  const busy = state.step === 'uploading' || state.step === 'importing';
  // `Cancel upload` goes once the bytes are up: focus on it moves to `Import` rather than to the page.
  const moveFocusOffCancel = () => {
    if (cancelButton.current && document.activeElement === cancelButton.current) importButton.current?.focus();
  };

  async function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setState({ step: 'failed', message: 'Choose a file to import first.' });
      fileInput.current?.focus();
      return;
    }
    const problem = importFileProblem(file);
    if (problem) {
      setState({ step: 'failed', message: problem });
      return;
    }
    const controller = new AbortController();
    upload.current = controller;
    setState({ step: 'uploading', fileName: file.name, loaded: 0, total: file.size });
    try {
      const result = await uploadImportFile(file, {
        from: fromInput.current?.value.trim() || undefined,
        signal: controller.signal,
        onProgress: (loaded, total) => setState({ step: 'uploading', fileName: file.name, loaded, total }),
        onUploaded: () => {
          moveFocusOffCancel();
          setState({ step: 'importing', fileName: file.name });
        },
      });
      setState({ step: 'done', fileName: file.name, result });
      // The same file may be picked again (a second import updates what the first brought).
      if (fileInput.current) fileInput.current.value = '';
      void refreshAfterImport(queryClient);
    } catch (error) {
      if (controller.signal.aborted) setState({ step: 'idle' });
      else setState({ step: 'failed', message: error instanceof ApiError ? error.message : 'The import failed.' });
    } finally {
      moveFocusOffCancel();
      upload.current = null;
    }
  }

  return (
    <form aria-labelledby={ids.heading} onSubmit={(event) => void start(event)} noValidate>
      <h3 id={ids.heading} className="font-semibold text-slate-900">
        Import
      </h3>
      <label htmlFor={ids.input} className="mt-1 block text-sm font-medium text-slate-900">
        File to import
      </label>
      <p id={ids.hint} className="mt-1 text-sm text-slate-700">
        A backup of this site (.zip), a WordPress export (.xml), a Ghost export (.json) or a .zip of markdown files, up to 500 MB.
        Importing the same file again updates what it brought the first time.
      </p>
      <Input
        ref={fileInput}
        id={ids.input}
        type="file"
        name="file"
        accept={IMPORT_FILE_TYPES}
        aria-describedby={ids.hint}
        disabled={busy}
        className="mt-2 text-sm file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:font-semibold file:text-slate-800"
      />
      <label htmlFor={ids.from} className="mt-4 block text-sm font-medium text-slate-900">
        Old site’s address (optional)
      </label>
      <p id={ids.fromHint} className="mt-1 text-sm text-slate-700">
        Where the site you are moving from still answers, such as https://blog.example.com. Images the file names but does not
        hold (a Ghost export holds none) are fetched from there.
      </p>
      <Input
        ref={fromInput}
        id={ids.from}
        type="url"
        name="from"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        aria-describedby={ids.fromHint}
        disabled={busy}
        className="mt-2"
      />
      <div className="mt-3 flex flex-wrap gap-2">
        {/* Not `disabled` while busy: a disabled button drops the keyboard focus to the page. */}
        <Button
          ref={importButton}
          type="submit"
          aria-disabled={busy || undefined}
          className="aria-disabled:cursor-wait aria-disabled:opacity-70"
        >
          <Upload aria-hidden="true" className="h-4 w-4" />
          Import
        </Button>
        {state.step === 'uploading' && (
          <Button ref={cancelButton} variant="secondary" onClick={() => upload.current?.abort()}>
            Cancel upload
          </Button>
        )}
      </div>
      <ImportProgress state={state} />
    </form>
  );
}

/**
 * The bar while the file goes up, then what came in. The status region is always there, so that
 * its changes are announced; it holds only the milestones, not every percent.
 */
function ImportProgress({ state }: { state: ImportState }) {
  return (
    <>
      {state.step === 'uploading' && (
        <div className="mt-4">
          <p className="text-sm font-medium text-slate-900 wrap-anywhere">Uploading {state.fileName}</p>
          <ProgressBar label={`Uploading ${state.fileName}`} value={state.loaded} max={state.total} />
          <p className="mt-1 text-sm text-slate-700 tabular-nums">
            {uploadPercent(state.loaded, state.total)}% · {formatBytes(state.loaded)} of {formatBytes(state.total)}
          </p>
        </div>
      )}
      {state.step === 'importing' && (
        <div className="mt-4">
          <p className="text-sm font-medium text-slate-900 wrap-anywhere">Importing {state.fileName}...</p>
          <ProgressBar label={`Importing ${state.fileName}`} />
        </div>
      )}
      <div role="status">
        {state.step === 'uploading' && <span className="sr-only">Uploading {state.fileName}</span>}
        {state.step === 'importing' && <span className="sr-only">Importing {state.fileName}</span>}
        {state.step === 'done' && <ImportSummary fileName={state.fileName} result={state.result} />}
      </div>
      {/* Outside the status region: a table is read when the author goes to it, not announced whole. */}
      {state.step === 'done' && state.result.report && state.result.report.length > 0 && (
        <ImportReport report={state.result.report} leftOut={state.result.reportLeftOut ?? 0} />
      )}
      {state.step === 'failed' && (
        <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">Import failed</p>
          <p className="mt-1 wrap-anywhere">{state.message}</p>
        </div>
      )}
    </>
  );
}

/** A native bar (role progressbar, its value announced); without a value it shows work going on. */
function ProgressBar(props: { label: string; value?: number; max?: number }) {
  return (
    <progress
      aria-label={props.label}
      value={props.value}
      max={props.max}
      className="mt-2 h-2.5 w-full appearance-none overflow-hidden rounded-full bg-slate-200 [&::-moz-progress-bar]:bg-blue-700 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-blue-700"
    />
  );
}

function ImportSummary({ fileName, result }: { fileName: string; result: SiteImportResult }) {
  return (
    <div className="mt-4 rounded-lg border border-green-200 bg-green-50 p-4 text-green-950">
      <p className="font-semibold wrap-anywhere">
        From {fileName}, {importFormatLabels[result.format]}
      </p>
      <p className="mt-1">{importSummary(result)}</p>
      {result.warnings.length > 0 && (
        <>
          <p className="mt-3 font-medium">{result.warnings.length === 1 ? '1 warning' : `${result.warnings.length} warnings`}:</p>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm wrap-anywhere">
            {result.warnings.map((warning, index) => (
              <li key={index}>{warning}</li>
            ))}
          </ul>
        </>
      )}
      <ButtonLink href={pagePath.adminPosts} variant="secondary" size="sm" className="mt-3">
        See the posts
      </ButtonLink>
    </div>
  );
}

const REPORT_SHOWN = 50;

const outcomeLabels: Record<ImportedPostReport['outcome'], string> = {
  added: 'New',
  updated: 'Updated',
  unchanged: 'Unchanged',
};

/**
 * Post by post, what came in: what was turned into its equivalent here and what was left as it
 * was (issue 22). Posts with something left as it was come first (the server orders them).
 */
function ImportReport({ report, leftOut }: { report: ImportedPostReport[]; leftOut: number }) {
  const [all, setAll] = useState(false);
  const ids = { heading: useId() };
  const shown = all ? report : report.slice(0, REPORT_SHOWN);
  const lines = (items: string[]) =>
    items.length === 0 ? (
      <span className="text-slate-600">Nothing</span>
    ) : (
      <ul className="space-y-0.5">
        {items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby={ids.heading} className="mt-4">
      <h4 id={ids.heading} className="font-semibold text-slate-900">
        Post by post
      </h4>
      <p className="mt-1 text-sm text-slate-700">
        What each post brought: what was turned into its equivalent here, and what was left as it was for you to look at.
      </p>
      <div className="mt-1 overflow-x-auto">
        <table className="w-full text-left text-sm text-slate-900">
          <thead>
            <tr className="border-b border-slate-200 text-slate-700">
              <th scope="col" className="py-2 pr-4 font-medium">
                Post
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Converted
              </th>
              <th scope="col" className="py-2 font-medium">
                Left as it was
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((entry, index) => (
              <tr key={index} className="border-b border-slate-100 align-top">
                <td className="py-2 pr-4 wrap-anywhere">
                  <a href={pagePath.post(entry.slug)} className="text-blue-800 underline">
                    {entry.title}
                  </a>
                  <span className="block text-xs text-slate-700">
                    {outcomeLabels[entry.outcome]}
                    {entry.published ? '' : ' · draft'}
                  </span>
                </td>
                <td className="py-2 pr-4 wrap-anywhere">{lines(entry.converted)}</td>
                <td className="py-2 wrap-anywhere">{lines(entry.kept)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {report.length > shown.length && (
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => setAll(true)}>
          Show all {report.length}
        </Button>
      )}
      {leftOut > 0 && (
        <p className="mt-2 text-sm">
          {leftOut === 1 ? '1 more post' : `${leftOut} more posts`} came in too: the report lists {report.length}, those with
          something left as it was first.
        </p>
      )}
    </section>
  );
}
