import { Injectable, Module } from '@nestjs/common';
import { z } from 'zod';
import { defineServerFn } from '../../contracts/server-fn';
import { ConflictError } from '../../backend/src/platform/common/app-error';
import { ServerFn } from '../../backend/src/server-fn/server-fn.decorator';
import { redirectTo } from '../../backend/src/server-fn/server-redirect';

/** Server functions that exist only in tests, to drive the transport's POST and redirect paths. */
export const probeOrder = defineServerFn({
  id: 'probeOrder',
  method: 'POST',
  input: z.object({
    resourceId: z.string().trim().min(1).max(120),
    quantity: z.coerce.number().int().min(1).max(50),
  }),
  output: z.object({ resourceId: z.string(), quantity: z.number() }),
});

export const probeRedirect = defineServerFn({
  id: 'probeRedirect',
  method: 'POST',
  input: z.object({ to: z.string().startsWith('/') }),
  output: z.never(),
});

export const probeConflict = defineServerFn({
  id: 'probeConflict',
  method: 'GET',
  input: z.object({}),
  output: z.never(),
});

export const probeCrash = defineServerFn({
  id: 'probeCrash',
  method: 'GET',
  input: z.object({}),
  output: z.never(),
});

@Injectable()
class ProbeServerFns {
  @ServerFn(probeOrder)
  order(input: z.output<typeof probeOrder.input>) {
    return input;
  }

  @ServerFn(probeRedirect)
  redirect(input: z.output<typeof probeRedirect.input>): never {
    throw redirectTo(input.to, { search: { status: 'success' }, hash: 'done', statusCode: 303 });
  }

  @ServerFn(probeConflict)
  conflict(): never {
    throw new ConflictError();
  }

  @ServerFn(probeCrash)
  crash(): never {
    throw new Error('database password is hunter2');
  }
}

@Module({ providers: [ProbeServerFns] })
export class ProbeModule {}
