// Flow (SPEC.md section 7): pick/drop/paste/capture one image in Uppy's Dashboard, then per file POST /api/objects/upload
// for a signed uploadURL, PUT the raw bytes there (XHRUpload), and PUT /api/objects/upload {bannerImageURL} for the objectPath.
import Uppy, { type UppyFile } from '@uppy/core';
import type { DashboardOptions } from '@uppy/dashboard';
import DashboardModal from '@uppy/react/dashboard-modal';
import XHRUpload from '@uppy/xhr-upload';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { MAX_UPLOAD_BYTES } from '../../shared/constants.ts';
import { apiPath } from '../../shared/routes.ts';
import { apiRequest, errorMessage, notifyUnauthorized } from '../lib/api.ts';
// Uppy's styles travel with this module, so only the admin's lazy chunks that upload load them.
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import './upload-dialog.css';

interface UploadedImage {
  objectPath: string;
  uploadURL: string;
  /** The file name as picked (or as edited in the dialog), with its extension. */
  name: string;
  /** The alt text typed in the dialog, if any. */
  alt?: string;
}

interface ImageUploadButtonProps {
  label: string;
  onUploaded: (image: UploadedImage) => void;
  /** Called with the raw upload URL when the upload worked but `PUT /api/objects/upload` failed. */
  onFallback?: (uploadURL: string, name: string) => void;
  className?: string;
  children?: ReactNode;
}

type ImageMeta = { alt?: string };
type ImageBody = { objectPath?: string };
type ImageFile = UppyFile<ImageMeta, ImageBody>;
type Callbacks = Pick<ImageUploadButtonProps, 'onUploaded' | 'onFallback'>;
type Outcome = { kind: 'uploaded'; image: UploadedImage } | { kind: 'fallback'; uploadURL: string; name: string };

const EXPIRED = 'Request has expired';

// Module constants: DashboardModal re-applies its options whenever a prop changes identity.
const metaFields: Extract<DashboardOptions<ImageMeta, ImageBody>['metaFields'], unknown[]> = [
  { id: 'name', name: 'Name', placeholder: 'File name' },
  { id: 'alt', name: 'Alt text', placeholder: 'Describe the image for screen readers' },
];
const note = 'One image (JPEG, PNG, GIF, WebP or AVIF), up to 10 MB';
/** The dialog's name and its first line, which is its title. */
const dialogLocale = {
  strings: {
    dashboardWindowTitle: 'Upload an image (Escape closes this dialog)',
    dropPasteFiles: 'Upload an image: drop it here, paste it or %{browseFiles}',
    dropPasteImportFiles: 'Upload an image: drop it here, paste it, %{browseFiles} or take a photo:',
    browseFiles: 'choose a file',
  },
};

/**
 * Uppy gives the dialog's name to an element around it, not to the one with role="dialog", so a
 * screen reader announces an unnamed dialog: the name (and that it is modal) goes there too.
 */
function nameDialog(uppy: Uppy<ImageMeta, ImageBody>) {
  uppy.iteratePlugins((plugin) => {
    const dialog = (plugin as { el?: HTMLElement | null }).el?.querySelector('.uppy-Dashboard-inner[role="dialog"]');
    dialog?.setAttribute('aria-label', dialogLocale.strings.dashboardWindowTitle);
    dialog?.setAttribute('aria-modal', 'true');
  });
}

/** The `{ message }` of a JSON error body, or the raw text. */
function messageOf(text: string): string {
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
  } catch {
    // Not JSON.
  }
  return text;
}

/** Only a lost connection, rate limiting or a server fault is worth repeating with the same signed URL. */
function shouldRetry(xhr: XMLHttpRequest): boolean {
  return xhr.status === 0 || xhr.status === 429 || xhr.status >= 500;
}

function createUploader(getCallbacks: () => Callbacks, id: string) {
  const uploadURLs = new Map<string, string>();
  const expired = new Set<string>();
  const autoRetried = new Set<string>();
  let pending: Outcome[] = [];
  let modalOpen = false;

  const uppy = new Uppy<ImageMeta, ImageBody>({
    id,
    autoProceed: false,
    restrictions: { maxNumberOfFiles: 1, maxFileSize: MAX_UPLOAD_BYTES, allowedFileTypes: ['image/*'] },
  });

  const fail = (fileID: string, message: string) => {
    const file = uppy.getFile(fileID);
    if (file) uppy.emit('upload-error', file, new Error(message));
  };

  uppy.use(XHRUpload<ImageMeta, ImageBody>, {
    method: 'PUT',
    formData: false,
    withCredentials: true,
    limit: 1,
    headers: (file) => ({ 'Content-Type': file.type || 'application/octet-stream' }),
    // A fresh signed URL for every attempt, asked for just before the bytes go out.
    endpoint: async (fileOrBundle) => {
      const file = Array.isArray(fileOrBundle) ? fileOrBundle[0]! : fileOrBundle;
      try {
        const response = await apiRequest('POST', apiPath.uploadParams);
        const { uploadURL } = (await response.json()) as { uploadURL: string };
        uploadURLs.set(file.id, uploadURL);
        return uploadURL;
      } catch (error) {
        // XHRUpload reports only errors of the PUT itself: report this one so the file shows it.
        const status = (error as { status?: number }).status;
        fail(file.id, status === 401 ? 'Authorization required' : errorMessage(error, 'Upload failed'));
        throw error;
      }
    },
    shouldRetry,
    // Turn the server's `{ message }` into the error Uppy shows.
    onAfterResponse: (xhr) => {
      if (xhr.status < 400) return;
      if (xhr.status === 401) {
        notifyUnauthorized();
        throw new Error('Authorization required');
      }
      throw new Error(messageOf(xhr.responseText) || xhr.statusText || `Upload failed (${xhr.status})`);
    },
  });

  // After the bytes are stored: attach the upload, which yields the public objectPath.
  uppy.addPostProcessor(async (fileIDs) => {
    await Promise.all(
      fileIDs.map(async (fileID) => {
        const file: ImageFile | undefined = uppy.getFile(fileID);
        const uploadURL = uploadURLs.get(fileID);
        if (!file || file.error || !file.progress.uploadComplete || !uploadURL) return;
        const name = file.meta.name || file.name || 'image';
        const alt = file.meta.alt?.trim() || undefined;
        uppy.emit('postprocess-progress', file, { mode: 'indeterminate', message: 'Saving image...' });
        let failure: string | undefined;
        try {
          const response = await apiRequest('PUT', apiPath.uploadParams, { bannerImageURL: uploadURL });
          const { objectPath } = (await response.json()) as { objectPath: string };
          pending.push({ kind: 'uploaded', image: { objectPath, uploadURL, name, alt } });
        } catch (error) {
          console.error('Attaching the upload failed', error);
          if (getCallbacks().onFallback) pending.push({ kind: 'fallback', uploadURL, name });
          else failure = errorMessage(error, 'Upload failed');
        }
        uppy.emit('postprocess-complete', uppy.getFile(fileID));
        if (failure) {
          // Uppy offers Retry only for files it does not count as uploaded: mark this one as not
          // uploaded, so that Retry runs the whole upload again with a new URL.
          const { complete: _complete, ...progress } = uppy.getFile(fileID).progress;
          uppy.setFileState(fileID, { progress: { ...progress, uploadComplete: false, percentage: 0 } });
          fail(fileID, failure);
        }
      }),
    );
  });

  // Results go out once the dialog is closed, so that focus moves from the dialog back to the page
  // before the caller moves it on (for example into the text area).
  const flush = () => {
    if (modalOpen) return;
    const outcomes = pending;
    pending = [];
    const { onUploaded, onFallback } = getCallbacks();
    for (const outcome of outcomes) {
      if (outcome.kind === 'uploaded') onUploaded(outcome.image);
      else onFallback?.(outcome.uploadURL, outcome.name);
    }
    const { currentUploads } = uppy.getState();
    const files = uppy.getFiles();
    const allDone = files.length > 0 && files.every((file) => file.progress.complete && !file.error);
    // Start the next dialog empty once everything in this one went through.
    if (allDone && Object.keys(currentUploads).length === 0) {
      uploadURLs.clear();
      uppy.clear();
    }
  };

  uppy.on('dashboard:modal-open', () => {
    modalOpen = true;
    nameDialog(uppy);
  });
  uppy.on('dashboard:modal-closed', () => {
    modalOpen = false;
    flush();
  });
  uppy.on('upload-error', (file, error) => {
    if (file && error.message === EXPIRED) expired.add(file.id);
  });
  uppy.on('complete', (result) => {
    // An expired signature is retried once on its own: the retry asks for a new URL.
    const retry = (result.failed ?? []).filter((file) => expired.has(file.id) && !autoRetried.has(file.id));
    expired.clear();
    if (retry.length) {
      for (const file of retry) autoRetried.add(file.id);
      setTimeout(() => void uppy.retryAll().catch(() => undefined), 0);
      return;
    }
    flush();
  });
  uppy.on('file-removed', (file) => {
    uploadURLs.delete(file.id);
    autoRetried.delete(file.id);
  });

  return uppy;
}

type ImageUppy = ReturnType<typeof createUploader>;

/**
 * A button that opens Uppy's Dashboard in a modal dialog to upload one image. The Uppy instance is
 * created once, on the first click, and destroyed on unmount: nothing is set up for an author who
 * never uploads, and StrictMode's mount-unmount-mount of a fresh component cannot leave the
 * component holding a destroyed instance (as a `useState` initializer plus cleanup would).
 */
export function ImageUploadButton({ label, onUploaded, onFallback, className, children }: ImageUploadButtonProps) {
  const [uppy, setUppy] = useState<ImageUppy | null>(null);
  const [open, setOpen] = useState(false);
  const callbacks = useRef<Callbacks>({ onUploaded, onFallback });
  const id = useId();

  useEffect(() => {
    callbacks.current = { onUploaded, onFallback };
  });

  useEffect(() => {
    if (!uppy) return;
    return () => uppy.destroy();
  }, [uppy]);

  const openDialog = () => {
    if (!uppy) setUppy(createUploader(() => callbacks.current, `image-upload${id}`));
    setOpen(true);
  };

  return (
    <>
      <button type="button" aria-haspopup="dialog" aria-expanded={open} onClick={openDialog} className={className}>
        {children}
        <span>{label}</span>
      </button>
      {uppy && (
        <DashboardModal
          uppy={uppy}
          open={open}
          onRequestClose={() => setOpen(false)}
          // Mounted on <body>: events inside the dialog must not bubble into the editor's React tree.
          // (The props type intersects Uppy's target with the HTML `target` string attribute.)
          target={document.body as never}
          closeAfterFinish
          closeModalOnClickOutside
          // Without the animation the dialog hands focus back to the button before `flush` runs.
          animateOpenClose={false}
          proudlyDisplayPoweredByUppy={false}
          // The device's own camera through <input capture> (no @uppy/webcam needed).
          showNativePhotoCameraButton
          nativeCameraFacingMode="environment"
          metaFields={metaFields}
          note={note}
          locale={dialogLocale}
        />
      )}
    </>
  );
}
