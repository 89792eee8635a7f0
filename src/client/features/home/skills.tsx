import { useSite } from '../../lib/site-document.ts';

export function Skills() {
  const { home } = useSite();
  return (
    <section aria-labelledby="skills-heading" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="skills-heading" className="text-3xl font-bold text-slate-900">
        {home.skillsTitle}
      </h2>
      <div className="mt-8 grid gap-6 md:grid-cols-3">
        {home.skillCards.map((card, index) => (
          <article key={index} className="rounded-xl border border-slate-200 p-6 shadow-sm">
            <h3 className="text-xl font-semibold text-slate-900">{card.title}</h3>
            <p className="mt-3 text-slate-700">{card.description}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
