import { z } from 'zod';
import { entitlementSchema } from '../entitlements/entitlement-sources';
import { defineServerFn } from '../server-fn';
import { customerUserId } from './customer-account.contract';

/** "Why do they have access?" on the account page: every entitlement with its source, its end and its events. */
export const getEntitlementSources = defineServerFn({
  id: 'getEntitlementSources',
  method: 'GET',
  input: z.object({ userId: customerUserId }).strict(),
  output: z.object({ entitlements: z.array(entitlementSchema) }),
  errors: ['FORBIDDEN'],
});
