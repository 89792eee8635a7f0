import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { pagePath } from '../../../shared/routes.ts';

/** The page of a post that cannot be shown (none at that address, a refused preview link). */
export function PostUnavailable({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      {children}
      <Link
        href={pagePath.blog()}
        className="mt-6 inline-block rounded-md bg-blue-700 px-5 py-2.5 font-semibold text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-2"
      >
        Back to Blog
      </Link>
    </main>
  );
}
