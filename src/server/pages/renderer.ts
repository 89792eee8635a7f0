import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageEntry, RenderPage, SiteConfig, SsrDataSource } from '../../shared/pages.ts';

interface RenderedPage {
  status: number;
  html: string;
}

/** Turns a URL into the full HTML document of a public page. */
export interface PageRenderer {
  /**
   * `saveData`: for a reader in data-saver mode (`Save-Data: on`, DESIGN.md): the page with no
   * script at all and its images at their smallest copy.
   */
  render(url: string, options: { nonce: string; data: SsrDataSource; saveData?: boolean }): Promise<RenderedPage>;
}

export interface ServerEntry {
  render: RenderPage;
  serializeForScript: (value: unknown) => string;
}

/**
 * The tags that load a page's styles and, unless `script` is false, its script and the modules it
 * imports, for `<head>`.
 */
export type PageAssets = (entry: PageEntry, options?: { script: boolean }) => string;

const ENTRY_SOURCES: Record<PageEntry, string> = {
  reader: 'src/client/entry-reader.tsx',
  blog: 'src/client/entry-blog.tsx',
  app: 'src/client/entry-client.tsx',
};

/**
 * Pages rendered from the sources (tests, the route fuzzer): the entry as Vite's dev server serves
 * it. Its script brings the styles, so a page without script has none here.
 */
const sourceAssets: PageAssets = (entry, { script } = { script: true }) =>
  script ? `<script type="module" src="/${ENTRY_SOURCES[entry]}"></script>` : '';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The tags of each entry from Vite's build manifest: its stylesheets, its script, and a
 * modulepreload of every chunk it imports, so the browser fetches them all at once rather than
 * one level of imports after the other.
 */
export function manifestAssets(manifest: Record<string, ManifestChunk>): PageAssets {
  const tagsOf = (entry: PageEntry) => {
    const root = manifest[ENTRY_SOURCES[entry]];
    if (!root) throw new Error(`The build manifest has no ${ENTRY_SOURCES[entry]}: rebuild the site`);
    const styles = new Set<string>();
    const preloads = new Set<string>();
    const seen = new Set<string>();
    const visit = (chunk: ManifestChunk) => {
      for (const file of chunk.css ?? []) styles.add(file);
      for (const key of chunk.imports ?? []) {
        const imported = manifest[key];
        if (!imported || seen.has(key)) continue;
        seen.add(key);
        preloads.add(imported.file);
        visit(imported);
      }
    };
    visit(root);
    const stylesheets = [...styles].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
    return {
      all: [
        ...stylesheets,
        `<script type="module" crossorigin src="/${root.file}"></script>`,
        ...[...preloads].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ].join('\n    '),
      styles: stylesheets.join('\n    '),
    };
  };
  const tags: Record<PageEntry, { all: string; styles: string }> = {
    reader: tagsOf('reader'),
    blog: tagsOf('blog'),
    app: tagsOf('app'),
  };
  return (entry, { script } = { script: true }) => (script ? tags[entry].all : tags[entry].styles);
}

/** The renderer made of a server entry, the page template (index.html, built or not) and its assets. */
export function composeRenderer(
  entry: ServerEntry,
  template: string,
  siteUrl: string,
  assets: PageAssets = sourceAssets,
): PageRenderer {
  return {
    async render(url, { nonce, data, saveData = false }) {
      const config: SiteConfig = saveData ? { siteUrl, saveData } : { siteUrl };
      const result = await entry.render(url, data, { config, nonce });
      // A page without script needs no boot state either: nothing would read it.
      const state = saveData
        ? ''
        : `<script id="__QUERY_STATE__" type="application/json" nonce="${nonce}">${entry.serializeForScript(result.state)}</script>`;
      // The tokenizer is loaded by the first page asked with Save-Data: most servers never need it.
      const body = saveData ? (await import('./smallest-images.ts')).smallestImages(result.html) : result.html;
      const html = template
        .replace('<!--app-head-->', () => result.head)
        .replace('<!--app-assets-->', () => assets(result.entry, { script: !saveData }))
        .replace('<!--app-html-->', () => body)
        .replace('<!--app-state-->', () => state);
      return { status: result.status, html };
    },
  };
}

/**
 * Production renderer: Vite's built `index.html` as the template, the scripts and styles of its
 * manifest, and the SSR bundle built from `src/client/entry-server.tsx`. Undefined when the site
 * has not been built.
 */
export async function loadBuiltRenderer(distDir: string, siteUrl: string): Promise<PageRenderer | undefined> {
  const templateFile = path.join(distDir, 'client', 'index.html');
  const manifestFile = path.join(distDir, 'client', '.vite', 'manifest.json');
  const entryFile = path.join(distDir, 'server', 'entry-server.js');
  if (![templateFile, manifestFile, entryFile].every((file) => existsSync(file))) return undefined;
  const template = readFileSync(templateFile, 'utf8');
  const assets = manifestAssets(JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>);
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  return composeRenderer(entry, template, siteUrl, assets);
}
