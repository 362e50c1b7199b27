import { applyDecorators, SetMetadata } from '@nestjs/common';
import type { z } from 'zod';
import type { ServerFnContract } from '../../../contracts/server-fn';
import type { AdminOperation } from './admin-operation';

export const SERVER_FN_METADATA = 'server-fn:contract';
export const ADMIN_OPERATION_METADATA = 'admin-operation';

export interface ServerFnOptions<C extends ServerFnContract> {
  /** An admin operation: who may run it (checked before its input is read) and how it is audited. */
  admin?: AdminOperation<z.output<C['input']>, z.output<C['output']>>;
}

/** Marks a provider method as the handler of one server function contract. */
export const ServerFn = <C extends ServerFnContract>(contract: C, options: ServerFnOptions<C> = {}) =>
  applyDecorators(SetMetadata(SERVER_FN_METADATA, contract), ...(options.admin ? [SetMetadata(ADMIN_OPERATION_METADATA, options.admin)] : []));
