import { z } from 'zod';

/** Parameters of Stripe's test clock API (POST /v1/test_helpers/test_clocks ...), as Stripe reads them. */
const int = z.coerce.number().int();

export const testClockCreateParams = z
  .object({ frozen_time: int.min(0), name: z.string().max(300).optional(), customer: z.string().min(1).optional() })
  .strict();

export const testClockAdvanceParams = z.object({ frozen_time: int.min(0) }).strict();

export const testClockListParams = z
  .object({ limit: int.min(1).max(100).optional(), starting_after: z.string().optional(), ending_before: z.string().optional() })
  .strict();

/** What a customer create takes beyond the emulator's customer parameters: its test clock and a test card. */
export const clockedCustomerParams = z
  .object({
    test_clock: z.string().min(1).optional(),
    payment_method: z.string().min(1).optional(),
    invoice_settings: z
      .object({ default_payment_method: z.string().min(1).optional() })
      .strict()
      .optional(),
  })
  .passthrough();
