import { createHash } from 'node:crypto';

export interface SentDevice {
  /** SHA-256 (hex) of the id the plugin sent; the id itself is never kept. */
  hash: string;
  name: string | null;
}

const DEVICE_ID = /^[A-Za-z0-9_-]{8,128}$/;
const NAME_MAX = 60;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The device the plugin names, or null (no id, or one not shaped like one: the check goes on without devices). */
export function readDevice(idHeader: string | string[] | undefined, nameHeader: string | string[] | undefined): SentDevice | null {
  const id = first(idHeader)?.trim();
  if (!id || !DEVICE_ID.test(id)) return null;
  return { hash: createHash('sha256').update(id).digest('hex'), name: readName(first(nameHeader)) };
}

function readName(value: string | undefined): string | null {
  const name = [...(value ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim()].slice(0, NAME_MAX).join('').trim();
  return name || null;
}
