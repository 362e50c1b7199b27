import type { LegalPage } from '../../content/legal';
import { formatDay } from '../../lib/dates';

/** A legal page: title, last-updated date, contents and the text. */
export function LegalDocument({ page }: { page: LegalPage }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 pt-14 pb-20 sm:px-6">
      <header className="border-b border-line pb-8">
        <p className="text-sm font-medium text-accent-300">Legal</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-ink sm:text-4xl">{page.title}</h1>
        {page.updated ? (
          <p className="mt-3 text-sm text-ink-subtle">
            Last updated <time dateTime={page.updated}>{formatDay(`${page.updated}T00:00:00Z`)}</time>
          </p>
        ) : null}
      </header>
      {page.headings.length > 3 ? (
        <nav aria-label="Contents" className="mt-8 rounded-xl border border-line bg-surface-raised p-5">
          <p className="text-sm font-semibold text-ink">Contents</p>
          <ol className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
            {page.headings
              .filter((heading) => heading.depth === 2)
              .map((heading) => (
                <li key={heading.id}>
                  <a href={`#${heading.id}`} className="text-ink-muted hover:text-ink">
                    {heading.text}
                  </a>
                </li>
              ))}
          </ol>
        </nav>
      ) : null}
      <div className="prose prose-site mt-10 max-w-none" dangerouslySetInnerHTML={{ __html: page.html }} />
    </div>
  );
}
