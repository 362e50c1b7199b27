import { Link } from '@tanstack/react-router';
import { docArticles, docsIndex } from '../../../content/docs';

const LINK =
  'block rounded-md px-3 py-1.5 text-sm text-ink-muted transition-colors hover:bg-white/5 hover:text-ink aria-[current=page]:bg-accent-600/15 aria-[current=page]:font-medium aria-[current=page]:text-accent-200';

export function DocsSidebar({ label = 'Documentation' }: { label?: string }) {
  return (
    <nav aria-label={label}>
      <ul className="space-y-0.5">
        {docsIndex ? (
          <li>
            <Link to={docsIndex.path as '/'} activeOptions={{ exact: true }} className={LINK}>
              Overview
            </Link>
          </li>
        ) : null}
        {docArticles.map((page) => (
          <li key={page.slug}>
            <Link to={page.path as '/'} className={LINK}>
              {page.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
