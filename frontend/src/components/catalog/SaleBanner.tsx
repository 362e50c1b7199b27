import { Tag } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { formatDay } from '../../lib/dates';
import { runningSalesQuery } from '../../queries/sales';
import { saleOffer, saleProducts } from './sale-words';

/** The sales running now, each with what it takes off, what it is for and when it ends; applied at checkout without a code. */
export function SaleBanner({ titles }: { titles: ReadonlyMap<string, string> }) {
  const sales = useQuery(runningSalesQuery()).data?.sales ?? [];
  if (sales.length === 0) return null;
  return (
    <ul aria-label="Sales" className="mb-8 space-y-3" data-testid="running-sales">
      {sales.map((sale) => (
        <li
          key={sale.promotionId}
          className="flex items-start gap-3 rounded-xl border border-accent-400/30 bg-accent-500/10 px-4 py-3 text-sm text-ink sm:items-center"
        >
          <Tag aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-300 sm:mt-0" />
          <p>
            <strong className="font-semibold">{sale.name}:</strong> {saleOffer(sale)} on {saleProducts(sale, titles)}
            {sale.endsAt ? `, until ${formatDay(sale.endsAt)}` : ''}. Applied at checkout, no code needed.
          </p>
        </li>
      ))}
    </ul>
  );
}
