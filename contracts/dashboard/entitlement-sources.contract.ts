import { z } from 'zod';
import { customerEntitlementSchema } from '../entitlements/entitlement-sources';
import { defineServerFn } from '../server-fn';

/**
 * "Where this comes from" in the dashboard: the signed-in customer's own entitlements. It takes
 * no user id, so there is no other account to name: any field at all is refused.
 */
export const getMyEntitlementSources = defineServerFn({
  id: 'getMyEntitlementSources',
  method: 'GET',
  input: z.object({}).strict(),
  output: z.object({ entitlements: z.array(customerEntitlementSchema) }),
  errors: ['UNAUTHENTICATED'],
});
