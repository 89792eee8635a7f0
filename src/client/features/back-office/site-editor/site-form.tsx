import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileUp, Save, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'wouter';
import { SITE_LIMITS, siteDocumentSchema, type SiteDocument } from '../../../../shared/site.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cx } from '../../../components/ui/class-names.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { siteQuery } from '../../../lib/site-document.ts';
import { toast } from '../../../lib/toast.ts';
import { useLeaveGuard } from '../../../lib/use-leave-guard.ts';
import { saveSite, siteRevisionsQuery } from '../api.ts';
import { BlogSection } from './blog-section.tsx';
import { CvSection } from './cv-section.tsx';
import { HomeSection } from './home-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { readResumeFile } from './resume-import.ts';
import {
  errorsFromIssues,
  fieldErrorFromMessage,
  firstErrorPath,
  sameDocument,
  savedCategoryLabels,
  sectionOf,
  SECTIONS,
  withoutError,
  type FieldErrors,
  type Section,
} from './site-form-model.ts';
import { FieldErrorsContext, fieldId } from './site-fields.tsx';
import { SiteHistory } from './site-history.tsx';

const TAB_LABELS: Record<Section, string> = { profile: 'Profile', home: 'Home', cv: 'CV', blog: 'Blog' };

type ImportNotice = { kind: 'done'; fileName: string; unmapped: string[] } | { kind: 'failed'; message: string };

const sectionFrom = (value: string | null): Section => SECTIONS.find((section) => section === value) ?? 'profile';

/** Focuses the field at `path`, or the nearest list or item that holds it (`tags.2` -> `tags`). */
function focusField(path: string): boolean {
  const parts = path.split('.');
  for (let length = parts.length; length > 0; length--) {
    const element = document.getElementById(fieldId(parts.slice(0, length).join('.')));
    if (element) {
      element.focus();
      return true;
    }
  }
  return false;
}

/**
 * The same once the field is there: a tab's panel mounts its fields a render after the tab is
 * chosen (the tabs' presence logic), a render this form does not see. Tries for a few frames.
 */
function focusFieldSoon(path: string, frames = 30): void {
  if (focusField(path) || frames <= 0) return;
  requestAnimationFrame(() => focusFieldSoon(path, frames - 1));
}

/**
 * The form of `/admin/site` (loaded on demand with the upload widget and the schema): the four
 * sections as tabs, `Save` (validated here with the server's schema first), `Import JSON Resume`
 * and the History. `latest` is the cached document: adopted while the form holds no changes.
 */
export default function SiteForm({ latest }: { latest: SiteDocument }) {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const section = sectionFrom(params.get('section'));
  const setSection = (next: Section) => setParams(next === 'profile' ? {} : { section: next }, { replace: true });

  const [saved, setSaved] = useState(latest);
  const [draft, setDraft] = useState(latest);
  const [savedLabels, setSavedLabels] = useState(() => savedCategoryLabels(latest));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<ImportNotice | null>(null);
  const dirty = useMemo(() => !sameDocument(draft, saved), [draft, saved]);

  const adopt = (document: SiteDocument) => {
    setSaved(document);
    setDraft(document);
    setSavedLabels(savedCategoryLabels(document));
    setErrors({});
  };
  // A newer document in the cache (the refetch on opening, another save) replaces an untouched form.
  const [seenLatest, setSeenLatest] = useState(latest);
  if (latest !== seenLatest) {
    setSeenLatest(latest);
    if (!dirty && !sameDocument(latest, saved)) adopt(latest);
  }

  // The field to focus once its tab has rendered.
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    const path = pendingFocus.current;
    // The tab follows the address, which may commit a render after the errors did.
    if (!path || sectionOf(path) !== section) return;
    pendingFocus.current = null;
    focusFieldSoon(path);
  });
  // The dashboard's checklist links to a field as `/admin/site#profile.email`: open its tab, focus it.
  useEffect(() => {
    const target = decodeURIComponent(window.location.hash.slice(1));
    if (!target) return;
    if (sectionOf(target) === section) focusFieldSoon(target);
    else {
      pendingFocus.current = target;
      setSection(sectionOf(target));
    }
    // Once, for the address the screen was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    const first = firstErrorPath(next);
    if (!first) return;
    setSection(sectionOf(first));
    pendingFocus.current = first;
  };
  const errorsContext = useMemo(
    () => ({ errors, clear: (path: string) => setErrors((current) => withoutError(current, path)) }),
    [errors],
  );

  const save = useMutation({
    mutationFn: ({ document }: { document: SiteDocument; sent: SiteDocument }) => saveSite(document),
    onSuccess: (document, { sent }) => {
      queryClient.setQueryData(siteQuery().queryKey, document);
      setSaved(document);
      setSavedLabels(savedCategoryLabels(document));
      // What the author typed while the save was on its way stays in the form.
      setDraft((current) => (current === sent ? document : current));
      toast({ title: 'Site saved', description: 'Every page shows the changes now.' });
      void queryClient.invalidateQueries({ queryKey: siteRevisionsQuery().queryKey });
    },
    onError: (error) => {
      const message = errorMessage(error, 'Please try again.');
      const field = fieldErrorFromMessage(message);
      if (field) showErrors({ [field.path]: field.reason });
      toast({ title: 'Failed to save', description: message, variant: 'destructive' });
    },
  });
  useLeaveGuard(dirty && !save.isPending);

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    // The server's own schema first: no request for a document it would refuse.
    const checked = siteDocumentSchema.safeParse(draft);
    if (!checked.success) {
      const found = errorsFromIssues(checked.error.issues);
      const count = Object.keys(found).length;
      showErrors(found);
      toast({
        title: 'Check the highlighted fields',
        description: `${count} ${count === 1 ? 'field needs' : 'fields need'} a change before the site can be saved.`,
        variant: 'destructive',
      });
      return;
    }
    setErrors({});
    // The server's body limit: say so here rather than with a bare 413.
    if (new TextEncoder().encode(JSON.stringify(checked.data)).length > SITE_LIMITS.bytes) {
      toast({
        title: 'The site is too large to save',
        description: `Everything together must stay under ${SITE_LIMITS.bytes / 1024} KB: shorten or remove some entries.`,
        variant: 'destructive',
      });
      return;
    }
    save.mutate({ document: checked.data, sent: draft });
  };

  const fileInput = useRef<HTMLInputElement>(null);
  const onImportFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const { document, unmapped } = await readResumeFile(file, draft);
      setDraft(document);
      setErrors({});
      setNotice({ kind: 'done', fileName: file.name, unmapped });
      setSection('profile');
      toast({ title: 'Resume imported', description: 'Review the Profile and CV, then click Save.' });
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The file could not be read.';
      setNotice({ kind: 'failed', message });
      toast({ title: 'Failed to import', description: message, variant: 'destructive' });
    }
  };

  const errorCounts = Object.keys(errors).reduce<Partial<Record<Section, number>>>((counts, path) => {
    const at = sectionOf(path);
    counts[at] = (counts[at] ?? 0) + 1;
    return counts;
  }, {});
  const sectionProps = { site: draft, setSite: setDraft };

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <form noValidate onSubmit={onSave} aria-label="Site" className="min-w-0">
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => fileInput.current?.click()}>
            <FileUp aria-hidden="true" className="h-4 w-4" />
            Import JSON Resume
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            hidden
            onChange={(event) => {
              const file = event.target.files?.[0];
              // The same file may be picked again after a change in it.
              event.target.value = '';
              void onImportFile(file);
            }}
          />
          <p className="text-sm text-slate-700">Fills the Profile and CV from a resume.json, for you to review and save.</p>
        </div>
        {notice && <ImportNoticeView notice={notice} onDismiss={() => setNotice(null)} />}

        <FieldErrorsContext.Provider value={errorsContext}>
          <Tabs value={section} onValueChange={(next) => setSection(sectionFrom(next))} className="mt-6">
            <TabsList aria-label="Site sections">
              {SECTIONS.map((key) => (
                <TabsTrigger key={key} value={key}>
                  {TAB_LABELS[key]}
                  {/* A glance for the eye; the fields say it to a screen reader when focused. */}
                  {errorCounts[key] !== undefined && (
                    <Badge aria-hidden="true" tone="red">
                      {errorCounts[key]}
                    </Badge>
                  )}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="profile">
              <ProfileSection {...sectionProps} />
            </TabsContent>
            <TabsContent value="home">
              <HomeSection {...sectionProps} />
            </TabsContent>
            <TabsContent value="cv">
              <CvSection {...sectionProps} />
            </TabsContent>
            <TabsContent value="blog">
              <BlogSection {...sectionProps} savedLabels={savedLabels} setSavedLabels={setSavedLabels} />
            </TabsContent>
          </Tabs>
        </FieldErrorsContext.Provider>

        {/* Kept in view at the foot of the window: Save is one tab press away from any field. */}
        <div className="sticky bottom-0 z-10 mt-8 flex flex-wrap items-center justify-end gap-3 rounded-t-lg border border-b-0 border-slate-200 bg-white/95 px-4 py-3 backdrop-blur">
          <p className="mr-auto text-sm text-slate-700">{dirty ? 'Unsaved changes' : 'All changes saved'}</p>
          <Button type="submit">
            <Save aria-hidden="true" className="h-4 w-4" />
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
      <aside aria-label="Versions" className="min-w-0 lg:sticky lg:top-24">
        <SiteHistory
          dirty={dirty}
          onRestored={(document) => {
            adopt(document);
            setNotice(null);
          }}
        />
      </aside>
    </div>
  );
}

function ImportNoticeView({ notice, onDismiss }: { notice: ImportNotice; onDismiss: () => void }) {
  const failed = notice.kind === 'failed';
  return (
    <div
      role={failed ? 'alert' : 'status'}
      className={cx(
        'mt-4 flex items-start gap-3 rounded-lg border p-4 text-sm',
        failed ? 'border-red-200 bg-red-50 text-red-900' : 'border-blue-200 bg-blue-50 text-slate-900',
      )}
    >
      <div className="grid min-w-0 flex-1 gap-1">
        {failed ? (
          <p>{notice.message}</p>
        ) : (
          <>
            <p>
              <span className="font-semibold">Filled from {notice.fileName}.</span> Review the Profile and CV: nothing is saved
              until you click Save.
            </p>
            <p className="wrap-anywhere">
              {notice.unmapped.length === 0
                ? 'Everything in the file found a place.'
                : `Not imported: ${notice.unmapped.join(', ')}.`}
            </p>
          </>
        )}
      </div>
      <Button variant="ghost" size="icon" aria-label="Dismiss" onClick={onDismiss}>
        <X aria-hidden="true" className="h-4 w-4" />
      </Button>
    </div>
  );
}
