import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../lib/seo';
import { checkDashboardAccessFor, creditSummaryQuery, dashboardQuery, myEntitlementSourcesQuery } from '../queries/account';
import { viewerQuery } from '../queries/auth';
import { availabilityQuery, hostSessionsQuery, mySessionsQuery } from '../queries/booking';
import { courseProgressQuery } from '../queries/courses';
import { billingDetailsQuery, billingHistoryQuery } from '../queries/billing';
import { libraryQuery } from '../queries/library';
import { DashboardNav } from './dashboard/-components/DashboardNav';
import { readDashboardSearch } from './dashboard/-components/dashboard-search';
import { OverviewSection } from './dashboard/-components/OverviewSection';
import {
  AvailabilitySection,
  BillingSection,
  SeatsSection,
  LicenseSection,
  PendingPaymentsSection,
  preloadSection,
  ResourcesSection,
  SessionsSection,
} from './dashboard/-components/section-code';
import { SECTION_LABELS } from './dashboard/-components/sections';
import { WhereThisComesFrom } from './dashboard/-components/WhereThisComesFrom';

export const Route = createFileRoute('/dashboard')({
  validateSearch: readDashboardSearch,
  beforeLoad: ({ search, preload }) =>
    // Preloading (a hover on the nav link) never fails the page: the real visit checks again.
    preload ? checkDashboardAccessFor(search).catch(() => undefined) : checkDashboardAccessFor(search),
  loaderDeps: ({ search }) => ({ section: search.section }),
  loader: async ({ context, preload, deps }) => {
    const { queryClient } = context;
    const load = Promise.all([
      preloadSection(deps.section),
      queryClient.ensureQueryData(dashboardQuery()),
      queryClient.ensureQueryData(creditSummaryQuery()),
      queryClient.ensureQueryData(viewerQuery()),
      // Never fails the page: the panel says so and offers to try again.
      (deps.section ?? 'overview') === 'overview' ? queryClient.prefetchQuery(myEntitlementSourcesQuery()) : null,
      deps.section === 'sessions' ? queryClient.ensureQueryData(mySessionsQuery()) : null,
      deps.section === 'billing' ? Promise.all([queryClient.ensureQueryData(billingHistoryQuery()), queryClient.ensureQueryData(billingDetailsQuery())]) : null,
      deps.section === 'resources' ? Promise.all([queryClient.ensureQueryData(libraryQuery()), queryClient.ensureQueryData(courseProgressQuery())]) : null,
      // Only a host has sessions booked with them: the availability says whether this account is one.
      deps.section === 'session-availability'
        ? queryClient.ensureQueryData(availabilityQuery()).then((availability) => (availability.host ? queryClient.ensureQueryData(hostSessionsQuery()) : null))
        : null,
    ]);
    if (preload) await load.catch(() => undefined);
    else await load;
  },
  head: (ctx) =>
    pageHead(ctx, { title: 'Dashboard', description: 'Your SystemSculpt license, resources, payments and seats.', path: '/dashboard', noindex: true }),
  component: DashboardPage,
});

function DashboardPage() {
  const { section = 'overview' } = Route.useSearch();
  const { data } = useSuspenseQuery(dashboardQuery());
  // Who is signed in, and whether they host (the root loader asks too; the loader makes sure).
  const { data: session } = useSuspenseQuery(viewerQuery());
  const isHost = session.viewer?.isAdmin === true;
  const waiting = data.pendingPayments.filter((p) => p.status === 'open').length;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="mb-6">
        <p className="text-sm text-ink-subtle">Signed in as {data.viewer.email ?? data.viewer.name}</p>
        <h1 className="mt-1 text-3xl font-semibold tracking-tight text-ink">
          {section === 'overview' ? `Welcome, ${data.viewer.name}` : SECTION_LABELS[section]}
        </h1>
      </header>
      <DashboardNav current={section} badges={{ 'pending-payments': waiting }} isHost={isHost} />
      <div className="mt-8">
        {section === 'overview' ? <OverviewSection data={data} /> : null}
        {section === 'overview' ? <WhereThisComesFrom /> : null}
        {section === 'license' ? <LicenseSection data={data} /> : null}
        {section === 'resources' ? <ResourcesSection data={data} /> : null}
        {section === 'pending-payments' ? <PendingPaymentsSection data={data} /> : null}
        {section === 'billing' ? <BillingSection /> : null}
        {section === 'licensed-users' ? <SeatsSection data={data} /> : null}
        {section === 'sessions' ? <SessionsSection /> : null}
        {section === 'session-availability' ? <AvailabilitySection /> : null}
      </div>
    </div>
  );
}
