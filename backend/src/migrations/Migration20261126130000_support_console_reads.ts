import { Migration } from '@mikro-orm/migrations';

/**
 * The support console on millions of events (bench:support):
 * - a booking's events (its hold's too: a booking's id is its hold's) on its host's calendar, read
 *   by booking id instead of by walking the whole calendar (which holds every other customer's);
 * - a stream's events in a time window, found by their time instead of by walking the stream back
 *   from its newest event to the window;
 * - the account page's credit balance, read by user id (the key is the license and the cycle).
 */
export class Migration20261126130000_support_console_reads extends Migration {
  override up(): void {
    this.addSql(`create index events_booking_idx on events (stream_id, (coalesce(data->>'bookingId', data->>'holdId')), stream_version)
      where coalesce(data->>'bookingId', data->>'holdId') is not null`);
    this.addSql('create index events_stream_recorded_at_idx on events (stream_id, recorded_at)');
    this.addSql('create index rm_credit_cycles_user on rm_credit_cycles (user_id, cycle_end)');
  }

  override down(): void {
    this.addSql('drop index if exists rm_credit_cycles_user');
    this.addSql('drop index if exists events_stream_recorded_at_idx');
    this.addSql('drop index if exists events_booking_idx');
  }
}
