import { emptyAccount, evolveAccount, type AccountEvent, type AccountFold } from './account-moment.fold';

/** One of the account's events, decoded, with where and when the log has it. */
export interface LoggedEvent extends AccountEvent {
  position: bigint;
  transactionId: string;
  recordedAt: Date;
}

/** How many events apart the fold is kept along the way: a moment folds at most this many more. */
export const SNAPSHOT_EVERY = 500;

/**
 * The account's events, folded once to the end, with the fold kept every SNAPSHOT_EVERY events
 * (folds are never changed in place, so a kept one stays as it was).
 */
export interface AccountLog {
  events: readonly LoggedEvent[];
  /** snapshots[k]: the fold of the first k × SNAPSHOT_EVERY events. */
  snapshots: readonly AccountFold[];
  final: AccountFold;
}

const EMPTY_LOG: AccountLog = { events: [], snapshots: [], final: emptyAccount() };

/** The log folded from `events` (in log order), or `log` with them folded on after its own. */
export function accountLog(events: readonly LoggedEvent[], log: AccountLog = EMPTY_LOG): AccountLog {
  const all = log.events.length === 0 ? events : [...log.events, ...events];
  const snapshots = [...log.snapshots];
  let fold = log.final;
  for (let n = log.events.length; n < all.length; n += 1) {
    if (n % SNAPSHOT_EVERY === 0) snapshots.push(fold);
    fold = evolveAccount(fold, all[n]!);
  }
  return { events: all, snapshots, final: fold };
}

/** Whether `events` all come after the log's own, so folding them on keeps log order. */
export const comesAfter = (log: AccountLog, events: readonly LoggedEvent[]) =>
  log.events.length === 0 || events.every((event) => event.position > log.events.at(-1)!.position);

/** The fold of the first `count` events, from the nearest snapshot before it. */
export function foldFirst(log: AccountLog, count: number): AccountFold {
  if (count >= log.events.length) return log.final;
  const k = Math.min(Math.floor(count / SNAPSHOT_EVERY), log.snapshots.length - 1);
  let fold = log.snapshots[k] ?? emptyAccount();
  for (let n = k * SNAPSHOT_EVERY; n < count; n += 1) fold = evolveAccount(fold, log.events[n]!);
  return fold;
}

/**
 * How many of the events (in log order) a moment holds: those `within` it, and the rest of the
 * last one's transaction (no read model ever showed the account between the events of one command).
 */
export function eventsWithin(events: readonly LoggedEvent[], within: (event: LoggedEvent) => boolean): number {
  let count = 0;
  while (count < events.length && within(events[count]!)) count += 1;
  while (count > 0 && count < events.length && events[count]!.transactionId === events[count - 1]!.transactionId) count += 1;
  return count;
}
