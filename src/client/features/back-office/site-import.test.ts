import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_MAX_BYTES } from '../../../shared/backup.ts';
import { ApiError, setUnauthorizedHandler } from '../../lib/api.ts';
import {
  formatBytes,
  importFailureMessage,
  importFileProblem,
  importSummary,
  uploadImportFile,
  uploadPercent,
} from './site-import.ts';

describe('importSummary', () => {
  it('counts what came in, in words', () => {
    expect(importSummary({ posts: 12, comments: 30, uploads: 4, skipped: 2 })).toBe(
      'Imported 12 posts, 30 comments, 4 uploads; 2 skipped.',
    );
  });

  it('says one of a thing in the singular, and none in the plural', () => {
    expect(importSummary({ posts: 1, comments: 1, uploads: 0, skipped: 0 })).toBe(
      'Imported 1 post, 1 comment, 0 uploads; 0 skipped.',
    );
  });

  it('says how many old addresses now lead to the posts, when there are any', () => {
    expect(importSummary({ posts: 2, comments: 0, uploads: 0, skipped: 0, oldAddresses: 4 })).toBe(
      'Imported 2 posts, 0 comments, 0 uploads; 0 skipped. 4 old addresses now lead to the posts.',
    );
    expect(importSummary({ posts: 1, comments: 0, uploads: 0, skipped: 0, oldAddresses: 1 })).toMatch(
      /skipped\. 1 old address now leads to its post\.$/,
    );
  });
});

describe('importFileProblem', () => {
  it('lets a file of any size up to the limit through', () => {
    expect(importFileProblem({ name: 'export.xml', size: 1 })).toBeUndefined();
    expect(importFileProblem({ name: 'backup.zip', size: IMPORT_MAX_BYTES })).toBeUndefined();
  });

  it('refuses an empty file and one past 500 MB before anything is sent', () => {
    expect(importFileProblem({ name: 'export.xml', size: 0 })).toBe('export.xml is empty.');
    expect(importFileProblem({ name: 'huge.zip', size: IMPORT_MAX_BYTES + 1 })).toMatch(/^huge\.zip is larger than 500 MB/);
  });
});

describe('upload progress in words', () => {
  it('gives whole percents, 0 while the size is unknown', () => {
    expect(uploadPercent(0, 0)).toBe(0);
    expect(uploadPercent(1, 3)).toBe(33);
    expect(uploadPercent(5, 5)).toBe(100);
    expect(uploadPercent(6, 5)).toBe(100);
  });

  it('writes sizes in the unit that fits', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(3.4 * 1024)).toBe('3.4 KB');
    expect(formatBytes(120 * 1024 * 1024)).toBe('120 MB');
    expect(formatBytes(2.5 * 1024 ** 3)).toBe('2.5 GB');
  });
});

describe('importFailureMessage', () => {
  it("shows the server's message as it is", () => {
    expect(importFailureMessage(422, JSON.stringify({ message: 'The file is not a WordPress export (WXR)' }))).toBe(
      'The file is not a WordPress export (WXR)',
    );
  });

  it('keeps a page of HTML (a proxy in front) out of sight', () => {
    expect(importFailureMessage(413, '<html><body>Request Entity Too Large</body></html>')).toBe('The import failed (HTTP 413).');
    expect(importFailureMessage(500, '{}')).toBe('The import failed (HTTP 500).');
  });

  it('names a lost connection', () => {
    expect(importFailureMessage(0, '')).toMatch(/^The upload was interrupted/);
  });
});

/** Just enough of XMLHttpRequest to drive one upload by hand. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  withCredentials = false;
  status = 0;
  responseText = '';
  upload: { onprogress?: (event: Partial<ProgressEvent>) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

describe('uploadImportFile', () => {
  const result = { format: 'wordpress', posts: 2, comments: 1, uploads: 0, skipped: 0, warnings: [] };

  beforeEach(() => {
    FakeXhr.last = undefined;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(undefined);
  });

  it("sends the file as the raw body with its own type, reports progress, and resolves with the server's summary", async () => {
    const file = new File(['<rss/>'], 'export.xml', { type: 'text/xml' });
    const progress: Array<[number, number]> = [];
    const onUploaded = vi.fn();
    const done = uploadImportFile(file, { onProgress: (loaded, total) => progress.push([loaded, total]), onUploaded });
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url, xhr.headers['Content-Type'], xhr.body]).toEqual(['POST', '/api/admin/import', 'text/xml', file]);

    xhr.upload.onprogress?.({ loaded: 3, total: 6, lengthComputable: true });
    xhr.upload.onload?.();
    expect(progress).toEqual([[3, 6]]);
    expect(onUploaded).toHaveBeenCalledOnce();
    xhr.answer(200, result);
    await expect(done).resolves.toEqual(result);
  });

  it('sends a file the browser has no type for as application/octet-stream', () => {
    void uploadImportFile(new File(['x'], 'export'), { onProgress: () => {}, onUploaded: () => {} });
    expect(FakeXhr.last!.headers['Content-Type']).toBe('application/octet-stream');
  });

  it("rejects with the server's message, and a 401 locks the admin view like every other request", async () => {
    const locked = vi.fn();
    setUnauthorizedHandler(locked);
    const file = new File(['x'], 'export.xml');

    const refused = uploadImportFile(file, { onProgress: () => {}, onUploaded: () => {} });
    FakeXhr.last!.answer(422, { message: 'The file declares XML entities' });
    await expect(refused).rejects.toEqual(new ApiError(422, 'The file declares XML entities'));
    expect(locked).not.toHaveBeenCalled();

    const unauthorized = uploadImportFile(file, { onProgress: () => {}, onUploaded: () => {} });
    FakeXhr.last!.answer(401, { message: 'Authorization required' });
    await expect(unauthorized).rejects.toMatchObject({ status: 401 });
    expect(locked).toHaveBeenCalledOnce();
  });

  it('stops the upload when the signal aborts', async () => {
    const controller = new AbortController();
    const done = uploadImportFile(new File(['x'], 'backup.zip'), {
      onProgress: () => {},
      onUploaded: () => {},
      signal: controller.signal,
    });
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
  });
});
