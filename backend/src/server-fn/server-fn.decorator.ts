import { SetMetadata } from '@nestjs/common';
import type { ServerFnContract } from '../../../contracts/server-fn';

export const SERVER_FN_METADATA = 'server-fn:contract';

/** Marks a provider method as the handler of one server function contract. */
export const ServerFn = (contract: ServerFnContract) => SetMetadata(SERVER_FN_METADATA, contract);
