import type { EntityClass, EntitySchema } from '@mikro-orm/core';
import { CustomerDirectory } from './modules/support/projections/customer-directory.entity';
import { SupportAudit } from './modules/admin/projections/support-audit.entity';
import { AdminOperationRecord } from './modules/admin/projections/admin-operations.entity';
import { StreamSummarySchema } from './modules/admin/projections/stream-summary.entity';
import { HostAvailability } from './modules/availability/projections/availability.entity';
import { SessionBooking } from './modules/booking/projections/session-bookings.entity';
import { ResourceSchema } from './modules/catalog/resource.entity';
import { CourseProgress } from './modules/courses/projections/course-progress.entity';
import { LibraryDownload } from './modules/library/projections/library-downloads.entity';
import { LibraryFile, LibraryFileVersion } from './modules/library/projections/library-files.entities';
import { License, Seat, RetiredLicenseKey } from './modules/licenses/projections/licenses.entities';
import { PendingPayment, Purchase, ResourceAccess } from './modules/checkout/projections/purchases.entities';
import { StripeCustomer, Subscription } from './modules/subscriptions/projections/subscriptions.entities';
import { SubscriptionInvoice } from './modules/subscriptions/projections/subscription-invoices.entities';
import { CreditCycle, CreditPack, CreditUsage } from './modules/credits/projections/credits.entities';
import { LicenseDevice } from './modules/devices/projections/license-devices.entity';
import { Dispute } from './modules/disputes/projections/disputes.entity';
import { InvoiceDocument } from './modules/invoicing/projections/invoice-documents.entity';
import { Promotion } from './modules/promotions/projections/promotions.entity';
import { TaxDocumentLine, TaxQuarter, TaxRollup } from './modules/tax-report/projections/tax-report.entities';
import { LicenseValidation } from './modules/licenses/validation-log.entity';
import { AdminSignIn } from './modules/auth/admin-sign-in.entity';
import { EmailDeliveryRecord } from './modules/email/email-delivery.entity';

/** Every entity the ORM knows (read models and the catalog), handed to the database module by the app; modules add theirs here. */
export const readModelEntities: (EntityClass<object> | EntitySchema)[] = [
  ResourceSchema,
  StreamSummarySchema,
  CustomerDirectory,
  Purchase,
  ResourceAccess,
  PendingPayment,
  License,
  Seat,
  RetiredLicenseKey,
  Subscription,
  StripeCustomer,
  SubscriptionInvoice,
  LicenseValidation,
  SessionBooking,
  HostAvailability,
  CreditPack,
  CreditCycle,
  CreditUsage,
  LicenseDevice,
  LibraryFileVersion,
  LibraryFile,
  LibraryDownload,
  CourseProgress,
  Dispute,
  InvoiceDocument,
  Promotion,
  TaxDocumentLine,
  TaxRollup,
  TaxQuarter,
  SupportAudit,
  AdminOperationRecord,
  AdminSignIn,
  EmailDeliveryRecord,
];
