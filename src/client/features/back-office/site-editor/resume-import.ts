import { fromJsonResume } from '../../../../shared/json-resume.ts';
import type { SiteDocument } from '../../../../shared/site.ts';

/** A JSON Resume is a few kilobytes; a file far larger is not one, and would only freeze the tab. */
const RESUME_MAX_BYTES = 2 * 1024 * 1024;

export type ResumeImport = { document: SiteDocument; unmapped: string[] };

/**
 * Reads a JSON Resume file in the browser and pours it into `current` (nothing is sent: the author
 * reviews the form and saves). Throws an Error whose message says what is wrong with the file.
 */
export async function readResumeFile(file: File, current: SiteDocument): Promise<ResumeImport> {
  if (file.size > RESUME_MAX_BYTES) {
    throw new Error('This file is not a JSON Resume: it is larger than 2 MB, and a resume is a few kilobytes.');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await file.text());
  } catch {
    throw new Error('This file is not a JSON Resume: it is not JSON.');
  }
  return fromJsonResume(parsed, current);
}
