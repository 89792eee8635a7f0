import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { render as renderPage, SsrDataSource } from '../../client/entry-server.tsx';

export interface RenderedPage {
  status: number;
  html: string;
}

/** Turns a URL into the full HTML document of a public page. */
export interface PageRenderer {
  render(url: string, options: { nonce: string; data: SsrDataSource }): Promise<RenderedPage>;
}

export interface ServerEntry {
  render: typeof renderPage;
  serializeForScript: (value: unknown) => string;
}

/** The renderer made of a server entry and the page template (index.html, built or not). */
export function composeRenderer(entry: ServerEntry, template: string, siteUrl: string): PageRenderer {
  return {
    async render(url, { nonce, data }) {
      const result = await entry.render(url, data, { config: { siteUrl }, nonce });
      const state = `<script id="__QUERY_STATE__" type="application/json" nonce="${nonce}">${entry.serializeForScript(result.state)}</script>`;
      const html = template
        .replace('<!--app-head-->', () => result.head)
        .replace('<!--app-html-->', () => result.html)
        .replace('<!--app-state-->', () => state);
      return { status: result.status, html };
    },
  };
}

/**
 * Production renderer: Vite's built `index.html` as the template and the SSR bundle built from
 * `src/client/entry-server.tsx`. Undefined when the site has not been built.
 */
export async function loadBuiltRenderer(distDir: string, siteUrl: string): Promise<PageRenderer | undefined> {
  const templateFile = path.join(distDir, 'client', 'index.html');
  const entryFile = path.join(distDir, 'server', 'entry-server.js');
  if (!existsSync(templateFile) || !existsSync(entryFile)) return undefined;
  const template = readFileSync(templateFile, 'utf8');
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  return composeRenderer(entry, template, siteUrl);
}
