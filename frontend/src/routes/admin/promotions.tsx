import { useMemo, useRef, useState } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import type { PromotionRow } from '@contracts/admin/promotions.contract';
import { Button } from '../../components/ui/Button';
import { adminViewerQuery } from '../../queries/admin';
import { resourcesQuery } from '../../queries/catalog';
import { adminPromotionsQuery } from '../../queries/promotions';
import { AdminFrame } from './-components/AdminFrame';
import { AdminSignIn } from './-components/AdminSignIn';
import { EndPromotion } from './-components/EndPromotion';
import { NewPromotionForm } from './-components/NewPromotionForm';
import { promotionLabel, PromotionsTable } from './-components/PromotionsTable';

const PAID = { price: 'paid' } as const;
/** The read model follows a write a moment later: the list is read again this often until it shows the change. */
const FOLLOW_MS = 400;

/** A change the page waits to see in the list, and what it says meanwhile and after. */
interface Awaited {
  promotionId: string;
  shows: (row: PromotionRow) => boolean;
  message: string;
}

export const Route = createFileRoute('/admin/promotions')({
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(adminPromotionsQuery()),
      context.queryClient.ensureQueryData(adminViewerQuery()),
      context.queryClient.ensureQueryData(resourcesQuery(PAID)),
    ]),
  component: PromotionsPage,
});

function PromotionsPage() {
  const [awaited, setAwaited] = useState<Awaited | null>(null);
  const seen = (rows: PromotionRow[] | undefined) => Boolean(awaited && rows?.some((row) => row.promotionId === awaited.promotionId && awaited.shows(row)));
  const { data } = useSuspenseQuery({
    ...adminPromotionsQuery(),
    refetchInterval: (query) => (awaited && !seen(query.state.data?.promotions) ? FOLLOW_MS : false),
  });
  const { data: viewer } = useSuspenseQuery(adminViewerQuery());
  const { data: catalog } = useSuspenseQuery(resourcesQuery(PAID));
  const titles = useMemo(() => new Map(catalog.resources.map((r) => [r.id, r.title])), [catalog]);
  const [creating, setCreating] = useState(false);
  const [ending, setEnding] = useState<PromotionRow | null>(null);
  const [refusal, setRefusal] = useState<string>();
  const status = useRef<HTMLParagraphElement>(null);

  if (!data) return <AdminSignIn failed={false} />;
  const owner = viewer?.role === 'owner';
  const announce = (next: Awaited) => {
    setRefusal(undefined);
    setAwaited(next);
    requestAnimationFrame(() => status.current?.focus());
  };
  const listed = seen(data.promotions);

  return (
    <AdminFrame title="Promotions">
      <p className="text-sm text-ink-muted">
        Codes customers type at checkout and automatic sales within a window. Each applies to the products it names (or all), within its limits; ended, expired
        and used-up promotions stay listed, and their codes are never given again.
      </p>
      <div className="mt-4 space-y-4">
        {owner ? (
          creating ? (
            <NewPromotionForm
              products={catalog.resources}
              onCancel={() => {
                setCreating(false);
                requestAnimationFrame(() => document.getElementById('new-promotion')?.focus());
              }}
              onCreated={(promotionId, terms) => {
                setCreating(false);
                announce({ promotionId, shows: () => true, message: `Created ${terms.code ?? `the automatic promotion “${terms.name}”`}.` });
              }}
            />
          ) : (
            <Button id="new-promotion" onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              New promotion
            </Button>
          )
        ) : (
          <p className="rounded-xl border border-line bg-surface-raised p-4 text-sm text-ink">
            Only the owner creates and ends promotions; support reads them here to answer customers.
          </p>
        )}
        <p ref={status} tabIndex={-1} role="status" className="text-sm focus:outline-none">
          {awaited ? (
            <span className="text-success">
              {awaited.message} {listed ? 'The list below shows it.' : 'Updating the list…'}
            </span>
          ) : null}
          {refusal ? <span className="text-danger">{refusal}</span> : null}
        </p>
        {ending ? (
          <EndPromotion
            row={ending}
            onCancel={() => setEnding(null)}
            onDone={(outcome) => {
              setEnding(null);
              if ('ended' in outcome)
                announce({ promotionId: outcome.ended, shows: (row) => row.status === 'ended', message: `Ended ${promotionLabel(ending)}.` });
              else setRefusal(outcome.refused);
            }}
          />
        ) : null}
        <PromotionsTable
          rows={data.promotions}
          titles={titles}
          onEnd={
            owner
              ? (row) => {
                  setAwaited(null);
                  setRefusal(undefined);
                  setEnding(row);
                }
              : undefined
          }
        />
      </div>
    </AdminFrame>
  );
}
