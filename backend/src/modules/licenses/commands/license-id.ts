import { createHash } from 'node:crypto';

/** A license's id follows from what granted it, so granting twice names the same license. */
export const licenseIdFor = (source: string) => `lic_${createHash('sha256').update(`license:${source}`).digest('hex').slice(0, 24)}`;
