import { getSiteInfo } from './site.contract';

export * from './server-fn';
export * from './site.contract';

/** Every server function the backend must serve; the transport refuses ids not listed here. */
export const serverFnContracts = [getSiteInfo] as const;
