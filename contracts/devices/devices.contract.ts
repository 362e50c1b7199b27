import { z } from 'zod';
import { licenseIdSchema } from '../licenses/licenses.contract';
import { defineServerFn } from '../server-fn';

const iso = z.iso.datetime();

/** One of the devices the dashboard lists under a license's seat. */
export const deviceHashSchema = z.string().regex(/^[a-f0-9]{64}$/, 'Choose one of the devices listed.');

/** Frees a device's slot on the owner's license (a cool-down applies past the free releases); an unknown device changes nothing. */
export const releaseLicenseDevice = defineServerFn({
  id: 'releaseLicenseDevice',
  method: 'POST',
  input: z.object({ licenseId: licenseIdSchema, deviceHash: deviceHashSchema }).strict(),
  output: z.object({ released: z.boolean(), slotFreeAt: iso.nullable() }),
});
