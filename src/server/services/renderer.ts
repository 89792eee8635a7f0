import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderResult, SsrDataSource } from '../../client/entry-server.tsx';

export interface RenderedPage {
  status: number;
  html: string;
}

/** Turns a URL into the full HTML document of a public page. */
export interface PageRenderer {
  render(url: string, options: { nonce: string; data: SsrDataSource }): Promise<RenderedPage>;
}

type RenderFn = (url: string, data: SsrDataSource) => Promise<RenderResult>;

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside a <script> must not be able to close it. */
const serializeForScript = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * Production renderer: Vite's built `index.html` as the template and the SSR bundle built from
 * `src/client/entry-server.tsx`. Undefined when the site has not been built.
 */
export async function loadBuiltRenderer(distDir: string): Promise<PageRenderer | undefined> {
  const templateFile = path.join(distDir, 'client', 'index.html');
  const entryFile = path.join(distDir, 'server', 'entry-server.js');
  if (!existsSync(templateFile) || !existsSync(entryFile)) return undefined;
  const template = readFileSync(templateFile, 'utf8');
  const { render } = (await import(pathToFileURL(entryFile).href)) as { render: RenderFn };
  return {
    async render(url, { nonce, data }) {
      const result = await render(url, data);
      const head = `<title>${escapeHtml(result.title)}</title>`;
      const state = `<script id="__QUERY_STATE__" type="application/json" nonce="${nonce}">${serializeForScript(result.state)}</script>`;
      const html = template
        .replace('<!--app-head-->', head)
        .replace('<!--app-html-->', result.html)
        .replace('<!--app-state-->', state);
      return { status: result.status, html };
    },
  };
}
