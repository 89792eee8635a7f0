import { excerptParts } from '../lib/excerpt-links.ts';

/** Excerpt text with its markdown-style links as anchors (SPEC.md section 9). */
export function ExcerptText({ text }: { text: string }) {
  return (
    <>
      {excerptParts(text).map((part, index) =>
        'href' in part ? (
          <a
            key={index}
            href={part.href}
            {...(part.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            className="rounded text-blue-800 underline hover:text-blue-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
