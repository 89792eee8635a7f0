import { useQuery } from '@tanstack/react-query';
import type { Post } from '../../shared/posts.ts';
import { api } from '../paths.ts';

export function HomePage() {
  const { data: posts = [] } = useQuery<Post[]>({ queryKey: [api.latestPosts] });
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-4xl font-bold tracking-tight text-slate-900">Portfolio</h1>
      <section aria-labelledby="latest-heading" className="mt-12">
        <h2 id="latest-heading" className="text-2xl font-semibold text-slate-900">
          Latest from the Blog
        </h2>
        <ul className="mt-4 space-y-3">
          {posts.map((post) => (
            <li key={post.id}>
              <a className="text-blue-700 underline" href={`/blog/${post.slug}`}>
                {post.title}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
