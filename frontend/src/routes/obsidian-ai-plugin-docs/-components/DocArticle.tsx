import { Link } from '@tanstack/react-router';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import type { DocPage, DocSummary } from '../../../content/docs';

/** One docs page: the rendered Markdown, its contents, and the pages before and after it. */
export function DocArticle({ page, previous, next }: { page: DocPage; previous?: DocSummary; next?: DocSummary }) {
  return (
    <div className="xl:grid xl:grid-cols-[minmax(0,1fr)_13rem] xl:gap-10">
      <article className="min-w-0">
        <header className="border-b border-line pb-6">
          <h1 className="text-3xl font-semibold tracking-tight text-ink sm:text-4xl">{page.title}</h1>
          {page.description ? <p className="mt-3 text-lg text-ink-muted">{page.description}</p> : null}
        </header>
        <div className="prose prose-site mt-8 max-w-none" dangerouslySetInnerHTML={{ __html: page.html }} />
        <nav aria-label="Previous and next pages" className="mt-14 grid gap-4 border-t border-line pt-8 sm:grid-cols-2">
          {previous ? (
            <Link to={previous.path as '/'} className="group rounded-xl border border-line p-4 transition-colors hover:border-accent-400/60">
              <span className="flex items-center gap-1.5 text-xs text-ink-subtle">
                <ArrowLeft aria-hidden="true" className="size-3.5" /> Previous
              </span>
              <span className="mt-1 block font-medium text-ink group-hover:text-accent-200">{previous.title}</span>
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link to={next.path as '/'} className="group rounded-xl border border-line p-4 text-right transition-colors hover:border-accent-400/60">
              <span className="flex items-center justify-end gap-1.5 text-xs text-ink-subtle">
                Next <ArrowRight aria-hidden="true" className="size-3.5" />
              </span>
              <span className="mt-1 block font-medium text-ink group-hover:text-accent-200">{next.title}</span>
            </Link>
          ) : null}
        </nav>
      </article>
      {page.headings.length > 0 ? (
        <div className="hidden xl:block">
          <nav aria-label="On this page" className="sticky top-24">
            <p className="text-xs font-semibold tracking-wide text-ink-subtle uppercase">On this page</p>
            <ul className="mt-3 space-y-2 border-l border-line text-sm">
              {page.headings.map((heading) => (
                <li key={heading.id} className={heading.depth === 3 ? 'pl-6' : 'pl-3'}>
                  <a href={`#${heading.id}`} className="text-ink-muted hover:text-ink">
                    {heading.text}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      ) : null}
    </div>
  );
}
