import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminCreatePromotion, adminEndPromotion, adminListPromotions } from '@contracts/admin/promotions.contract';
import type { PromotionTerms } from '@contracts/promotions/promotion-terms';
import { callServerFn } from '../lib/server-fn-client';
import { orSignedOut } from './admin';

const promotionsKey = ['admin', 'promotions'] as const;

/** Every promotion, newest first; null when not signed in as an admin. */
export const adminPromotionsQuery = () =>
  queryOptions({
    queryKey: promotionsKey,
    queryFn: () => orSignedOut(() => callServerFn(adminListPromotions, {})),
    staleTime: 4_000,
  });

/** Creates a promotion (the owner's); created or refused, the list is read again. */
export const createPromotionMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [adminCreatePromotion.id],
    mutationFn: (terms: PromotionTerms) => callServerFn(adminCreatePromotion, terms),
    onSettled: () => queryClient.invalidateQueries({ queryKey: promotionsKey }),
  });

/** Ends a promotion (the owner's): no new checkout may take it; the list is read again. */
export const endPromotionMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [adminEndPromotion.id],
    mutationFn: (promotionId: string) => callServerFn(adminEndPromotion, { promotionId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: promotionsKey }),
  });
