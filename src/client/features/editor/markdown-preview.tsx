import { useEffect, useState } from 'react';

type Render = (markdown: string) => string;
let renderer: Promise<Render> | undefined;
/** The reader's pipeline, fetched the first time the author previews. */
const loadRenderer = () => (renderer ??= import('../../../shared/markdown.ts').then((m) => m.renderMarkdown));

/** Markdown rendered exactly as the public post page renders it. */
export function MarkdownPreview({ markdown }: { markdown: string }) {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void loadRenderer().then((render) => {
      if (!cancelled) setHtml(render(markdown));
    });
    return () => {
      cancelled = true;
    };
  }, [markdown]);
  if (html === null) return <p className="text-slate-600">Rendering preview...</p>;
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
