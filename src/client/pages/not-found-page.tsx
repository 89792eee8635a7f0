export function NotFoundPage() {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="mt-4 text-slate-600">The page you are looking for does not exist.</p>
      <a className="mt-6 inline-block text-blue-700 underline" href="/">
        Go home
      </a>
    </main>
  );
}
