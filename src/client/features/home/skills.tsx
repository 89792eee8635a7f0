import { skillCards } from '../../../content/site.ts';

export function Skills() {
  return (
    <section aria-labelledby="skills-heading" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="skills-heading" className="text-3xl font-bold text-slate-900">
        What I Do
      </h2>
      <div className="mt-8 grid gap-6 md:grid-cols-3">
        {skillCards.map((card) => (
          <article key={card.title} className="rounded-xl border border-slate-200 p-6 shadow-sm">
            <h3 className="text-xl font-semibold text-slate-900">{card.title}</h3>
            <p className="mt-3 text-slate-700">{card.description}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
