import { getSiteInfo } from './site.contract';
import { getServiceStatus } from './status.contract';

export * from './server-fn';
export * from './site.contract';
export * from './status.contract';

/** Every server function the backend must serve; the transport refuses ids not listed here. */
export const serverFnContracts = [getSiteInfo, getServiceStatus] as const;
