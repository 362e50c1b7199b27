/** A chosen time, kept across the sign-in (which may reload the page, as Clerk's does). */
export interface SlotChoice {
  sessionTypeId: string;
  hostUserId: string;
  start: string;
}

const KEY = 'sessions.choice';

export function keepChoice(choice: SlotChoice): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(choice));
  } catch {
    // Storage refused (private mode, quota): the choice only lives as long as the page.
  }
}

export function forgetChoice(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // As above.
  }
}

export function keptChoice(): SlotChoice | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    const value = raw ? (JSON.parse(raw) as Partial<SlotChoice>) : null;
    if (value && typeof value.sessionTypeId === 'string' && typeof value.hostUserId === 'string' && typeof value.start === 'string') {
      return { sessionTypeId: value.sessionTypeId, hostUserId: value.hostUserId, start: value.start };
    }
  } catch {
    // Unreadable: as if nothing was kept.
  }
  return null;
}
