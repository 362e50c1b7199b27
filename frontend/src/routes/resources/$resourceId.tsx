import type { ReactNode } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { ArrowRight, CalendarClock, ChevronRight, Library, LifeBuoy, ShoppingCart, Sparkles } from 'lucide-react';
import { checkoutHref, isFree, parseFeatures, resourceSummary } from '@contracts/catalog/resource-rules';
import type { Resource } from '@contracts/catalog/resource';
import { FeatureList } from '../../components/catalog/FeatureList';
import { PriceTag } from '../../components/catalog/PriceTag';
import { ResourceCard } from '../../components/catalog/ResourceCard';
import { ResourceCover } from '../../components/catalog/ResourceCover';
import { TypeBadge } from '../../components/catalog/TypeBadge';
import { GetItFreeForm } from '../../components/checkout/GetItFreeForm';
import { isRecurring, RESOURCE_TYPE_PLURAL, RESOURCE_TYPE_SINGULAR, resourceFacts } from '../../components/catalog/resource-facts';
import { CallToAction } from '../../components/ui/CallToAction';
import { cx } from '../../components/ui/cx';
import { pageHead } from '../../lib/seo';
import { resourceQuery, resourcesQuery } from '../../queries/catalog';
import { libraryAccessQuery } from '../../queries/library';
import { useAuth } from '../../lib/auth';

const RELATED_LIMIT = 3;

export const Route = createFileRoute('/resources/$resourceId')({
  // getResource answers NOT_FOUND (→ the 404 screen) or, for an id that is not the slug, a 301 to it.
  loader: async ({ context, params }) => {
    const resource = await context.queryClient.ensureQueryData(resourceQuery(params.resourceId));
    // The lookup forgives case and padding; the address does not keep them (spec 2): one page, one URL.
    if (params.resourceId !== resource.slug) throw redirect({ to: '/resources/$resourceId', params: { resourceId: resource.slug }, statusCode: 301 });
    // Whether the visitor already has it answers "no" to a signed-out visitor, so it is asked for everyone.
    await Promise.all([
      context.queryClient.ensureQueryData(resourcesQuery({ category: resource.type })),
      context.queryClient.ensureQueryData(libraryAccessQuery(resource.id)),
    ]);
    return { slug: resource.slug, title: resource.title, summary: resourceSummary(resource, resource.title) };
  },
  head: (ctx) => {
    const data = ctx.loaderData;
    if (!data) return {};
    return pageHead(ctx, {
      title: data.title,
      description: data.summary,
      path: `/resources/${encodeURIComponent(data.slug)}`,
      ogType: 'product',
    });
  },
  component: ResourcePage,
});

function ResourcePage() {
  const { resourceId } = Route.useParams();
  const { data: resource } = useSuspenseQuery(resourceQuery(resourceId));
  const { data: sameType } = useSuspenseQuery(resourcesQuery({ category: resource.type }));
  const related = sameType.resources.filter((other) => other.id !== resource.id).slice(0, RELATED_LIMIT);
  const lead = resource.metadata.heroDescription ?? resource.description;
  const features = parseFeatures(resource.metadata.features);
  const facts = resourceFacts(resource);

  return (
    <div className="relative isolate">
      <div aria-hidden="true" className="bg-hero-glow pointer-events-none absolute inset-x-0 top-0 -z-10 h-[36rem]" />
      <div className="mx-auto w-full max-w-6xl px-4 pt-8 sm:px-6 sm:pt-10 lg:px-8">
        <Breadcrumbs resource={resource} />

        <div className="mt-8 grid items-center gap-8 lg:mt-10 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-12">
          <ResourceCover resource={resource} priority className="rounded-2xl border border-line-strong shadow-panel" />
          <div className="min-w-0">
            <TypeBadge type={resource.type} />
            <h1 className="mt-4 text-3xl leading-tight font-semibold tracking-tight text-ink sm:text-4xl">{resource.title}</h1>
            <p className="mt-4 text-base leading-relaxed text-ink-muted sm:text-lg">{lead}</p>
            <div
              className={cx(
                'mt-8 flex flex-col gap-5 rounded-2xl border border-line bg-surface-raised/70 p-5',
                // A figure and a short button share a row; words ("Included with subscription") stack.
                hasAmount(resource) && 'sm:flex-row sm:items-center sm:justify-between',
              )}
            >
              <PriceTag resource={resource} size="lg" />
              <ResourceAction resource={resource} />
            </div>
            {hasAmount(resource) ? <p className="mt-2 text-xs text-ink-subtle">Prices plus VAT/GST where applicable.</p> : null}
          </div>
        </div>

        <div className="mt-16 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-12">
          <div className="min-w-0 space-y-12">
            {lead !== resource.description ? (
              <section aria-labelledby="about-title">
                <h2 id="about-title" className="text-xl font-semibold text-ink">
                  About this {RESOURCE_TYPE_SINGULAR[resource.type].toLowerCase()}
                </h2>
                <p className="mt-4 max-w-2xl text-base leading-relaxed text-ink-muted">{resource.description}</p>
              </section>
            ) : null}
            {features.length > 0 ? (
              <section aria-labelledby="included-title">
                <h2 id="included-title" className="text-xl font-semibold text-ink">
                  What's included
                </h2>
                <FeatureList features={features} className="mt-5" columns />
              </section>
            ) : null}
          </div>

          <aside aria-labelledby="details-title" className="self-start rounded-2xl border border-line bg-surface-raised/60 p-5">
            <h2 id="details-title" className="text-sm font-semibold text-ink">
              Details
            </h2>
            <dl className="mt-4 divide-y divide-line text-sm">
              <Fact label="Type" value={RESOURCE_TYPE_SINGULAR[resource.type]} />
              {facts.map((fact) => (
                <Fact key={fact.label} label={fact.label} value={fact.value} />
              ))}
              <Fact label="Price" value={<PriceTag resource={resource} size="sm" className="justify-end" />} />
            </dl>
          </aside>
        </div>

        {related.length > 0 ? (
          <section aria-labelledby="related-title" className="mt-20">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <h2 id="related-title" className="text-xl font-semibold text-ink">
                More {RESOURCE_TYPE_PLURAL[resource.type].toLowerCase()}
              </h2>
              <Link
                to="/resources"
                search={{ category: resource.type }}
                className="inline-flex items-center gap-1 text-sm font-medium text-accent-300 underline-offset-4 hover:underline"
              >
                See all {RESOURCE_TYPE_PLURAL[resource.type].toLowerCase()}
                <ArrowRight aria-hidden="true" className="size-3.5" />
              </Link>
            </div>
            <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {related.map((other) => (
                <li key={other.id} className="min-w-0">
                  <ResourceCard resource={other} headingLevel="h3" />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </div>
  );
}

function Breadcrumbs({ resource }: { resource: Resource }) {
  const separator = <ChevronRight aria-hidden="true" className="size-3.5 shrink-0 text-ink-subtle/70" />;
  const link = 'rounded text-ink-subtle transition-colors hover:text-ink';
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <li className="inline-flex items-center gap-2">
          <Link to="/resources" className={link}>
            Resources
          </Link>
          {separator}
        </li>
        <li className="inline-flex items-center gap-2">
          <Link to="/resources" search={{ category: resource.type }} className={link}>
            {RESOURCE_TYPE_PLURAL[resource.type]}
          </Link>
          {separator}
        </li>
        <li className="min-w-0">
          <span aria-current="page" className="block truncate font-medium text-ink">
            {resource.title}
          </span>
        </li>
      </ol>
    </nav>
  );
}

function hasAmount(resource: Resource): boolean {
  return !isFree(resource) && resource.accessType !== 'subscription' && typeof resource.priceCents === 'number';
}

/** Buy (or subscribe), get it free in one press, see the plans that include it, or book a session's time. */
function ResourceAction({ resource }: { resource: Resource }) {
  const wide = 'w-full sm:w-auto';
  const owned = useOwnedAccess(resource.id);
  if (owned) {
    return (
      <CallToAction to="/library/$resourceId" params={{ resourceId: resource.id }} size="lg" className={wide}>
        <Library aria-hidden="true" />
        Open in your library
      </CallToAction>
    );
  }
  if (isFree(resource)) {
    return <GetItFreeForm resourceId={resource.id} className={wide} />;
  }
  if (resource.accessType === 'subscription') {
    return (
      <CallToAction
        to="/obsidian-ai-plugin"
        size="lg"
        className={`${wide} max-sm:h-auto! max-sm:min-h-12 max-sm:py-3 max-sm:text-center max-sm:whitespace-normal!`}
      >
        <Sparkles aria-hidden="true" />
        Included with subscription — see plans
      </CallToAction>
    );
  }
  if (resource.type === 'session') {
    return (
      <CallToAction to="/sessions" size="lg" className={wide}>
        <CalendarClock aria-hidden="true" />
        Choose a time
      </CallToAction>
    );
  }
  if (hasAmount(resource)) {
    return (
      <CallToAction href={checkoutHref(resource.id)} size="lg" className={wide}>
        <ShoppingCart aria-hidden="true" />
        {isRecurring(resource) ? 'Subscribe' : 'Buy'}
      </CallToAction>
    );
  }
  return (
    <CallToAction to="/contact" variant="secondary" size="lg" className={wide}>
      <LifeBuoy aria-hidden="true" />
      Contact support
    </CallToAction>
  );
}

/** For a signed-in visitor, whether the resource is already theirs (bought, added, or with their plan or seat). */
function useOwnedAccess(resourceId: string): boolean {
  const { status } = useAuth();
  const { data } = useSuspenseQuery(libraryAccessQuery(resourceId));
  return status === 'signed-in' && Boolean(data.access);
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5 first:pt-0 last:pb-0">
      <dt className="text-ink-subtle">{label}</dt>
      <dd className="text-right font-medium text-ink">{value}</dd>
    </div>
  );
}
