import type { LibraryItem } from '@contracts/library/library.contract';
import { formatDay } from '../../lib/dates';

const UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;

/** "842 bytes", "12.4 KB", "3.1 MB": sizes as people read them (1 KB = 1,000 bytes, as file managers now show). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  if (unit === 0) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${UNITS[unit]}`;
}

/** Why the account can open it, in a few words. */
export function accessNote(item: Pick<LibraryItem, 'access' | 'grantedAt'>): string {
  switch (item.access) {
    case 'purchase':
      return item.grantedAt ? `Bought ${formatDay(item.grantedAt)}` : 'Bought';
    case 'free':
      return item.grantedAt ? `Added free ${formatDay(item.grantedAt)}` : 'Added free';
    case 'subscription':
      return 'Included with your plan';
    case 'seat':
      return 'Included with your seat';
  }
}

/** The one-line summary of what is inside: files and their total size, lessons, or a session to book. */
export function contentsNote(item: Pick<LibraryItem, 'kind' | 'files' | 'lessonCount'>): string {
  if (item.kind === 'session') return 'A live session: book a time that suits you';
  const parts: string[] = [];
  if (item.lessonCount > 0) parts.push(`${item.lessonCount} ${item.lessonCount === 1 ? 'lesson' : 'lessons'}`);
  if (item.files.length > 0) {
    const total = item.files.reduce((sum, f) => sum + f.bytes, 0);
    parts.push(`${item.files.length} ${item.files.length === 1 ? 'file' : 'files'}, ${formatBytes(total)}`);
  }
  return parts.length > 0 ? parts.join(' · ') : 'Files are being prepared';
}

/** The label of the button that leads to the item from a list. */
export function openLabel(item: Pick<LibraryItem, 'kind'>): string {
  return item.kind === 'course' ? 'Open course' : item.kind === 'session' ? 'Open' : 'Download';
}
