import { adminGetProjectors, adminGetReplay, adminListEvents, adminListStreams, adminStartReplay } from './admin/admin.contract';
import { getAccountAtMoment } from './admin/account-moment.contract';
import { getCustomerAccount, getCustomerTimeline } from './admin/customer-account.contract';
import { searchCustomers } from './admin/customer-search.contract';
import { getEntitlementSources } from './admin/entitlement-sources.contract';
import { getMyEntitlementSources } from './dashboard/entitlement-sources.contract';
import { supportActionsServerFns } from './admin/support-actions.contract';
import { adminListStripeEvents, adminRedriveStripeEvent } from './stripe/stripe.contract';
import { getPricingResources, getResource, listResources } from './catalog/catalog.contract';
import { getContactCsrfToken, submitContactMessage } from './contact/contact.contract';
import { getEmailPreferences, requestManageEmailLink, updateEmailPreferences } from './preferences/preferences.contract';
import { getSiteInfo } from './site/site.contract';
import { authServerFns } from './auth/auth.contract';
import { dashboardServerFns } from './dashboard/dashboard.contract';
import { getCreditSummary } from './credits/credits.contract';
import { availabilityServerFns } from './availability/availability.contract';
import { hostSessionsServerFns, sessionsServerFns } from './booking/booking.contract';
import { checkCheckoutAccess, getCheckoutData, initiateCheckout } from './checkout/checkout.contract';
import { planChangeServerFns } from './subscriptions/subscriptions.contract';
import { licensesServerFns } from './licenses/licenses.contract';
import { releaseLicenseDevice } from './devices/devices.contract';
import { getServiceStatus } from './status.contract';
import { coursesServerFns } from './courses/courses.contract';
import { libraryServerFns } from './library/library.contract';
import { getDownloadProblem } from './library/download-problems.contract';
import { disputesServerFns } from './disputes/disputes.contract';
import { getBillingDocument, getBillingHistory, getChargeInvoice } from './billing/billing.contract';
import { billingDetailsServerFns } from './billing/billing-details.contract';
import { taxReportServerFns } from './admin/tax-report.contract';
import { promotionsServerFns } from './admin/promotions.contract';

export * from './server-fn';
export * from './site/site.contract';
export * from './catalog/catalog.contract';
export * from './catalog/resource';
export * from './catalog/resource-rules';
export * from './status.contract';
export * from './admin/admin.contract';
export * from './admin/customer-search.contract';

/** Every server function the backend must serve; the transport refuses ids not listed here. */
export const serverFnContracts = [
  ...authServerFns,
  ...dashboardServerFns,
  ...licensesServerFns,
  releaseLicenseDevice,
  getCreditSummary,
  ...availabilityServerFns,
  ...sessionsServerFns,
  ...hostSessionsServerFns,
  checkCheckoutAccess,
  getCheckoutData,
  initiateCheckout,
  ...planChangeServerFns,
  getSiteInfo,
  getServiceStatus,
  listResources,
  getResource,
  getPricingResources,
  adminListEvents,
  adminListStreams,
  adminGetProjectors,
  adminStartReplay,
  adminGetReplay,
  searchCustomers,
  getCustomerAccount,
  getCustomerTimeline,
  getEntitlementSources,
  getMyEntitlementSources,
  getAccountAtMoment,
  ...supportActionsServerFns,
  getEmailPreferences,
  updateEmailPreferences,
  requestManageEmailLink,
  getContactCsrfToken,
  submitContactMessage,
  adminListStripeEvents,
  adminRedriveStripeEvent,
  ...coursesServerFns,
  ...libraryServerFns,
  getDownloadProblem,
  ...disputesServerFns,
  getBillingHistory,
  getBillingDocument,
  getChargeInvoice,
  ...billingDetailsServerFns,
  ...taxReportServerFns,
  ...promotionsServerFns,
] as const;
