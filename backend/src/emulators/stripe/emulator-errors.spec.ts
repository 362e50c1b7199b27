import { z } from 'zod';
import { parameterError, stripeError } from './emulator-errors';

const schema = z
  .object({
    product: z.string(),
    unit_amount: z.coerce.number().int().min(0),
    success_url: z.url().optional(),
    recurring: z
      .object({ interval: z.enum(['month', 'year']) })
      .strict()
      .optional(),
  })
  .strict();
const errorFor = (params: Record<string, unknown>) => parameterError(schema.safeParse(params).error!.issues[0]!, params);

describe("a refused parameter, in Stripe's words", () => {
  it('is parameter_missing when it was not sent', () => {
    expect(errorFor({ unit_amount: '1' })).toEqual({ message: 'Missing required param: product.', param: 'product', code: 'parameter_missing' });
  });

  it('is parameter_unknown, named with brackets, when the endpoint does not take it', () => {
    expect(errorFor({ product: 'p', unit_amount: '1', recurring: { interval: 'month', colour: 'red' } })).toEqual({
      message: 'Received unknown parameter: recurring[colour]',
      param: 'recurring[colour]',
      code: 'parameter_unknown',
    });
  });

  it('is parameter_invalid_integer for a word where a number goes, url_invalid for a bad URL', () => {
    expect(errorFor({ product: 'p', unit_amount: 'lots' })).toMatchObject({ param: 'unit_amount', code: 'parameter_invalid_integer' });
    expect(errorFor({ product: 'p', unit_amount: '1', success_url: 'nowhere' })).toMatchObject({ param: 'success_url', code: 'url_invalid' });
  });

  it('names the parameter without a code when its value is out of range or not one of the choices', () => {
    expect(errorFor({ product: 'p', unit_amount: '-1' })).toEqual({ message: 'This value must be greater than or equal to 0.', param: 'unit_amount' });
    expect(errorFor({ product: 'p', unit_amount: '1', recurring: { interval: 'decade' } })).toEqual({
      message: 'Invalid recurring[interval]: must be one of month, year',
      param: 'recurring[interval]',
    });
  });
});

describe("Stripe's error body", () => {
  it('carries the doc_url of its code, and none without a code', () => {
    expect(stripeError('No such customer', { code: 'resource_missing', param: 'id' })).toEqual({
      error: {
        type: 'invalid_request_error',
        message: 'No such customer',
        param: 'id',
        code: 'resource_missing',
        doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
      },
    });
    expect(stripeError('Unrecognized request URL').error).not.toHaveProperty('doc_url');
  });
});
