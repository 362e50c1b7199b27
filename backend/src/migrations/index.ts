import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261123000000_event_log } from './Migration20261123000000_event_log';
import { Migration20261123010000_catalog } from './Migration20261123010000_catalog';
import { Migration20261123020000_event_sources_and_checkpoints } from './Migration20261123020000_event_sources_and_checkpoints';
import { Migration20261123030000_rm_streams } from './Migration20261123030000_rm_streams';
import { Migration20261123040000_append_events_function } from './Migration20261123040000_append_events_function';
import { Migration20261123050000_append_events_stream_lock } from './Migration20261123050000_append_events_stream_lock';
import { Migration20261123060000_email } from './Migration20261123060000_email';
import { Migration20261123070000_app_secrets } from './Migration20261123070000_app_secrets';
import { Migration20261123080000_stripe_webhook_events } from './Migration20261123080000_stripe_webhook_events';
import { Migration20261123090000_stripe_emulator } from './Migration20261123090000_stripe_emulator';
import { Migration20261123100000_local_identity } from './Migration20261123100000_local_identity';
import { Migration20261123110000_account_read_models } from './Migration20261123110000_account_read_models';
import { Migration20261123120000_plugin_admission } from './Migration20261123120000_plugin_admission';
import { Migration20261123130000_license_devices } from './Migration20261123130000_license_devices';
import { Migration20261123140000_credit_ledger } from './Migration20261123140000_credit_ledger';
import { Migration20261123150000_booking } from './Migration20261123150000_booking';
import { Migration20261123160000_session_bookings } from './Migration20261123160000_session_bookings';
import { Migration20261123170000_email_attachments } from './Migration20261123170000_email_attachments';
import { Migration20261124190000_course_progress } from './Migration20261124190000_course_progress';
import { Migration20261124223000_credit_usage_items } from './Migration20261124223000_credit_usage_items';
import { Migration20261125120000_catalog_change_notices } from './Migration20261125120000_catalog_change_notices';
import { Migration20261125140000_disputes } from './Migration20261125140000_disputes';
import { Migration20261125130000_customer_search } from './Migration20261125130000_customer_search';
import { Migration20261125150000_customer_timeline } from './Migration20261125150000_customer_timeline';
import { Migration20261126100000_support_audit } from './Migration20261126100000_support_audit';
import { Migration20261126130000_support_console_reads } from './Migration20261126130000_support_console_reads';
import { Migration20261128190000_license_extensions } from './Migration20261128190000_license_extensions';
import { Migration20261128200000_admin_operations } from './Migration20261128200000_admin_operations';
import { Migration20261124100000_library } from './Migration20261124100000_library';
import { Migration20261125090000_email_delivery_causes } from './Migration20261125090000_email_delivery_causes';
import { Migration20261128213000_admin_sessions } from './Migration20261128213000_admin_sessions';
import { Migration20261128220000_subscription_invoices } from './Migration20261128220000_subscription_invoices';
import { Migration20261129010000_admin_sign_ins } from './Migration20261129010000_admin_sign_ins';
import { Migration20261129020000_seats } from './Migration20261129020000_seats';
import { Migration20261129030000_purchase_tax } from './Migration20261129030000_purchase_tax';
import { Migration20261129031500_invoices } from './Migration20261129031500_invoices';
import { Migration20261129060000_promotions } from './Migration20261129060000_promotions';
import { Migration20261129050000_subscription_invoice_refunds } from './Migration20261129050000_subscription_invoice_refunds';
import { Migration20261129051500_subscription_trials } from './Migration20261129051500_subscription_trials';
import { Migration20261129030000_tax_report } from './Migration20261129030000_tax_report';

/** Applied in this order; append new migrations, never edit one that has shipped. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261123000000_event_log', class: Migration20261123000000_event_log },
  { name: 'Migration20261123010000_catalog', class: Migration20261123010000_catalog },
  {
    name: 'Migration20261123020000_event_sources_and_checkpoints',
    class: Migration20261123020000_event_sources_and_checkpoints,
  },
  { name: 'Migration20261123030000_rm_streams', class: Migration20261123030000_rm_streams },
  { name: 'Migration20261123040000_append_events_function', class: Migration20261123040000_append_events_function },
  { name: 'Migration20261123050000_append_events_stream_lock', class: Migration20261123050000_append_events_stream_lock },
  { name: 'Migration20261123060000_email', class: Migration20261123060000_email },
  { name: 'Migration20261123070000_app_secrets', class: Migration20261123070000_app_secrets },
  { name: 'Migration20261123080000_stripe_webhook_events', class: Migration20261123080000_stripe_webhook_events },
  { name: 'Migration20261123090000_stripe_emulator', class: Migration20261123090000_stripe_emulator },
  { name: 'Migration20261123100000_local_identity', class: Migration20261123100000_local_identity },
  { name: 'Migration20261123110000_account_read_models', class: Migration20261123110000_account_read_models },
  { name: 'Migration20261123120000_plugin_admission', class: Migration20261123120000_plugin_admission },
  { name: 'Migration20261123130000_license_devices', class: Migration20261123130000_license_devices },
  { name: 'Migration20261123140000_credit_ledger', class: Migration20261123140000_credit_ledger },
  { name: 'Migration20261123150000_booking', class: Migration20261123150000_booking },
  { name: 'Migration20261123160000_session_bookings', class: Migration20261123160000_session_bookings },
  { name: 'Migration20261123170000_email_attachments', class: Migration20261123170000_email_attachments },
  { name: 'Migration20261124100000_library', class: Migration20261124100000_library },
  { name: 'Migration20261124190000_course_progress', class: Migration20261124190000_course_progress },
  { name: 'Migration20261124223000_credit_usage_items', class: Migration20261124223000_credit_usage_items },
  { name: 'Migration20261125090000_email_delivery_causes', class: Migration20261125090000_email_delivery_causes },
  { name: 'Migration20261125120000_catalog_change_notices', class: Migration20261125120000_catalog_change_notices },
  { name: 'Migration20261125130000_customer_search', class: Migration20261125130000_customer_search },
  { name: 'Migration20261125140000_disputes', class: Migration20261125140000_disputes },
  { name: 'Migration20261125150000_customer_timeline', class: Migration20261125150000_customer_timeline },
  { name: 'Migration20261126100000_support_audit', class: Migration20261126100000_support_audit },
  { name: 'Migration20261126130000_support_console_reads', class: Migration20261126130000_support_console_reads },
  { name: 'Migration20261128190000_license_extensions', class: Migration20261128190000_license_extensions },
  { name: 'Migration20261128200000_admin_operations', class: Migration20261128200000_admin_operations },
  { name: 'Migration20261128213000_admin_sessions', class: Migration20261128213000_admin_sessions },
  { name: 'Migration20261128220000_subscription_invoices', class: Migration20261128220000_subscription_invoices },
  { name: 'Migration20261129010000_admin_sign_ins', class: Migration20261129010000_admin_sign_ins },
  { name: 'Migration20261129020000_seats', class: Migration20261129020000_seats },
  { name: 'Migration20261129030000_purchase_tax', class: Migration20261129030000_purchase_tax },
  { name: 'Migration20261129031500_invoices', class: Migration20261129031500_invoices },
  { name: 'Migration20261129030000_tax_report', class: Migration20261129030000_tax_report },
  { name: 'Migration20261129050000_subscription_invoice_refunds', class: Migration20261129050000_subscription_invoice_refunds },
  { name: 'Migration20261129051500_subscription_trials', class: Migration20261129051500_subscription_trials },
  { name: 'Migration20261129060000_promotions', class: Migration20261129060000_promotions },
];
