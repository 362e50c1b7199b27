import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { TIMELINE_KINDS } from '@contracts/admin/customer-account.contract';
import { isoDateTime, logPosition, oneOf, searchReader } from '../../../lib/search-params';
import { adminCustomerAccountQuery, adminCustomerTimelineQuery, adminEntitlementSourcesQuery, adminViewerQuery } from '../../../queries/admin';
import { AccountNow } from '../-components/AccountNow';
import { AdminFrame } from '../-components/AdminFrame';
import { AdminSignIn } from '../-components/AdminSignIn';
import { CustomerTimeline } from '../-components/CustomerTimeline';
import { EntitlementSources } from '../-components/EntitlementSources';
import { SupportActions } from '../-components/SupportActions';

const readSearch = searchReader({
  kind: oneOf(TIMELINE_KINDS),
  from: isoDateTime,
  to: isoDateTime,
  before: logPosition,
});

const TIMELINE_PAGE = 25;

export const Route = createFileRoute('/admin/customers/$userId')({
  // Admin code (its contract, queries and loader) loads with the page, never with the public site.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: readSearch,
  loaderDeps: ({ search }) => readSearch(search),
  loader: ({ context, params, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(adminCustomerAccountQuery(params.userId)),
      context.queryClient.ensureQueryData(adminEntitlementSourcesQuery(params.userId)),
      context.queryClient.ensureQueryData(adminCustomerTimelineQuery({ userId: params.userId, ...deps, limit: TIMELINE_PAGE })),
      context.queryClient.ensureQueryData(adminViewerQuery()),
    ]),
  component: CustomerAccountPage,
});

function CustomerAccountPage() {
  const { userId } = Route.useParams();
  const search = Route.useLoaderDeps();
  const { data: account } = useSuspenseQuery(adminCustomerAccountQuery(userId));
  const { data: timeline } = useSuspenseQuery(adminCustomerTimelineQuery({ userId, ...search, limit: TIMELINE_PAGE }));
  const { data: sources } = useSuspenseQuery(adminEntitlementSourcesQuery(userId));
  const { data: viewer } = useSuspenseQuery(adminViewerQuery());
  if (!account || !timeline || !sources || !viewer) return <AdminSignIn failed={false} />;
  return (
    <AdminFrame title={account.name ?? account.email ?? account.userId}>
      <AccountNow account={account} />
      <EntitlementSources userId={userId} entitlements={sources.entitlements} />
      <SupportActions account={account} viewer={viewer} />
      <CustomerTimeline userId={userId} search={search} page={timeline} />
    </AdminFrame>
  );
}
