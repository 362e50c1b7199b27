import { Link } from '@tanstack/react-router';
import { DASHBOARD_SECTIONS, type DashboardSection } from '@contracts/dashboard/dashboard-search';
import { cx } from '../../../components/ui/cx';
import { HOST_ONLY_SECTIONS, SECTION_LABELS } from './sections';

/**
 * The dashboard's sections as links (each has its own address): wrapped chips on a phone or a
 * tablet, where every tab stays in sight, and one row of tabs on a wide screen. Host-only
 * sections are listed for hosts only.
 */
export function DashboardNav({ current, badges, isHost }: { current: DashboardSection; badges: Partial<Record<DashboardSection, number>>; isHost: boolean }) {
  const sections = DASHBOARD_SECTIONS.filter((section) => isHost || !HOST_ONLY_SECTIONS.has(section));
  return (
    <nav aria-label="Dashboard sections">
      <ul className="flex flex-wrap gap-2 lg:flex-nowrap lg:gap-1 lg:border-b lg:border-line">
        {sections.map((section) => (
          <li key={section}>
            <Link
              to="/dashboard"
              search={{ section: section === 'overview' ? undefined : section }}
              aria-current={section === current ? 'page' : undefined}
              className={cx(
                'flex items-center gap-2 text-sm font-medium transition-colors',
                'max-lg:rounded-full max-lg:border max-lg:px-3.5 max-lg:py-2 lg:-mb-px lg:border-b-2 lg:px-3 lg:py-3',
                section === current
                  ? 'border-accent-400 text-ink max-lg:bg-accent-500/10'
                  : 'text-ink-muted hover:text-ink max-lg:border-line lg:border-transparent',
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
