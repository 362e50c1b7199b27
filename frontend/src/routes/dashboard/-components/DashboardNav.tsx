import { Link } from '@tanstack/react-router';
import { DASHBOARD_SECTIONS, type DashboardSection } from '../../../../../contracts/dashboard/dashboard-search';
import { cx } from '../../../components/ui/cx';
import { SECTION_LABELS } from './sections';

/** The dashboard's sections as links (each has its own address), scrolling sideways on a phone. */
export function DashboardNav({ current, badges }: { current: DashboardSection; badges: Partial<Record<DashboardSection, number>> }) {
  return (
    <nav aria-label="Dashboard sections" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-line">
        {DASHBOARD_SECTIONS.map((section) => (
          <li key={section}>
            <Link
              to="/dashboard"
              search={{ section: section === 'overview' ? undefined : section }}
              aria-current={section === current ? 'page' : undefined}
              className={cx(
                '-mb-px flex items-center gap-2 border-b-2 px-3 py-3 text-sm font-medium transition-colors',
                section === current ? 'border-accent-400 text-ink' : 'border-transparent text-ink-muted hover:text-ink',
              )}
            >
              {SECTION_LABELS[section]}
              {badges[section] ? (
                <span className="rounded-full bg-accent-500/20 px-2 py-0.5 text-xs text-accent-200" aria-label={`(${badges[section]} waiting)`}>
                  {badges[section]}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
