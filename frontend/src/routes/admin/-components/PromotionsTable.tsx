import type { PromotionRow } from '@contracts/admin/promotions.contract';
import { Button } from '../../../components/ui/Button';
import { cx } from '../../../components/ui/cx';
import { discountWords, durationWords, limitWords, productWords, STATUS_WORDS, windowWords } from './promotion-words';

const TH = 'px-3 py-2 text-left text-xs font-medium tracking-wide text-ink-subtle uppercase';
const TD = 'px-3 py-2 text-sm text-ink-muted align-top';

const STATUS_STYLE: Record<PromotionRow['status'], string> = {
  scheduled: 'border-accent-400/50 text-accent-200',
  active: 'border-success/40 text-success',
  ended: 'border-line text-ink-subtle',
  expired: 'border-line text-ink-subtle',
  used_up: 'border-line-strong text-ink-muted',
};

/** How the owner and support name a promotion: its code, or its name when it has none. */
export const promotionLabel = (row: PromotionRow) => row.terms.code ?? row.terms.name;

/** Every promotion with its terms in words; it scrolls inside its own region on a narrow screen. `onEnd` (the owner's) adds an End button to those still taking checkouts. */
export function PromotionsTable({ rows, titles, onEnd }: { rows: PromotionRow[]; titles: ReadonlyMap<string, string>; onEnd?: (row: PromotionRow) => void }) {
  if (rows.length === 0) return <p className="text-sm text-ink-muted">No promotions yet.</p>;
  return (
    <div className="overflow-x-auto rounded-xl border border-line" tabIndex={0} role="region" aria-labelledby="promotions-caption">
      <table className="w-full min-w-[64rem] divide-y divide-line">
        <caption id="promotions-caption" className="px-3 py-2 text-left text-sm text-ink-muted">
          Promotions, newest first
        </caption>
        <thead className="bg-surface-raised">
          <tr>
            <th scope="col" className={TH}>
              Code
            </th>
            <th scope="col" className={TH}>
              Name
            </th>
            <th scope="col" className={TH}>
              Discount
            </th>
            <th scope="col" className={TH}>
              For
            </th>
            <th scope="col" className={TH}>
              Applies to
            </th>
            <th scope="col" className={TH}>
              Limits
            </th>
            <th scope="col" className={TH}>
              Window
            </th>
            <th scope="col" className={TH}>
              Status
            </th>
            {onEnd ? (
              <th scope="col" className={TH}>
                <span className="sr-only">End</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={row.promotionId}>
              <th scope="row" className={`${TD} font-medium whitespace-nowrap text-ink`}>
                {row.terms.code ? <code>{row.terms.code}</code> : 'Automatic'}
                {!row.terms.code && row.terms.stacksWithCodes ? <span className="block text-xs font-normal text-ink-subtle">combines with codes</span> : null}
              </th>
              <td className={`${TD} text-ink`}>{row.terms.name}</td>
              <td className={`${TD} whitespace-nowrap text-ink`}>{discountWords(row.terms.discount)}</td>
              <td className={`${TD} whitespace-nowrap`}>{durationWords(row.terms.duration)}</td>
              <td className={TD}>{productWords(row.terms.productIds, titles)}</td>
              <td className={TD}>{limitWords(row).join(', ')}</td>
              <td className={TD}>{windowWords(row.terms)}</td>
              <td className={TD}>
                <span className={cx('inline-block rounded-full border px-2 py-0.5 text-xs whitespace-nowrap', STATUS_STYLE[row.status])}>
                  {STATUS_WORDS[row.status]}
                </span>
              </td>
              {onEnd ? (
                <td className={TD}>
                  {row.status === 'active' || row.status === 'scheduled' ? (
                    <Button variant="secondary" size="sm" onClick={() => onEnd(row)} aria-label={`End ${promotionLabel(row)}…`}>
                      End…
                    </Button>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
