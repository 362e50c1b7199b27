import { Migration } from '@mikro-orm/migrations';

/** Booking's read model: every hold and booking, for open slots, the dashboard and reminders. */
export class Migration20261123160000_session_bookings extends Migration {
  override up(): void {
    this.addSql(`create table rm_session_bookings (
      booking_id text primary key,
      host_user_id text not null,
      customer_user_id text not null,
      session_type_id text not null,
      session_title text not null,
      minutes integer not null,
      host_name text not null,
      meeting_url text,
      customer_email text,
      customer_name text,
      customer_time_zone text not null,
      checkout_ref text not null,
      amount_cents integer not null,
      currency text not null,
      payment_intent_id text,
      start_at timestamptz not null,
      end_at timestamptz not null,
      status text not null check (status in ('held', 'confirmed', 'released', 'refused', 'cancelled')),
      hold_expires_at timestamptz,
      refund text check (refund in ('full', 'none')),
      refund_cents integer not null default 0,
      sequence integer not null default 0,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    this.addSql("create index rm_session_bookings_host_time on rm_session_bookings (host_user_id, end_at) where status in ('held', 'confirmed')");
    this.addSql('create index rm_session_bookings_customer on rm_session_bookings (customer_user_id, start_at)');
    this.addSql('create index rm_session_bookings_checkout on rm_session_bookings (checkout_ref)');
  }

  override down(): void {
    this.addSql('drop table if exists rm_session_bookings');
  }
}
