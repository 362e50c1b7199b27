import { adminGetProjectors, adminGetReplay, adminListEvents, adminListStreams, adminStartReplay } from './admin.contract';
import { adminListStripeEvents, adminRedriveStripeEvent } from './admin-webhooks.contract';
import { getPricingResources, getResource, listResources } from './catalog.contract';
import { getContactCsrfToken, submitContactMessage } from './contact/contact.contract';
import { getEmailPreferences, requestManageEmailLink, updateEmailPreferences } from './email/email-preferences.contract';
import { getSiteInfo } from './site.contract';
import { authServerFns } from './auth/auth.contract';
import { dashboardServerFns } from './dashboard/dashboard.contract';
import { getCreditSummary } from './dashboard/credits.contract';
import { availabilityServerFns } from './booking/availability.contract';
import { sessionsServerFns } from './booking/sessions.contract';
import { hostSessionsServerFns } from './booking/host-sessions.contract';
import { checkCheckoutAccess, getCheckoutData, initiateCheckout } from './checkout/checkout.contract';
import { planChangeServerFns } from './checkout/plan-change.contract';
import { getSeatInvitation } from './dashboard/seat-invitation.contract';
import { getServiceStatus } from './status.contract';
import { coursesServerFns } from './courses/courses.contract';
import { libraryServerFns } from './library/library.contract';

export * from './server-fn';
export * from './site.contract';
export * from './catalog.contract';
export * from './catalog/resource';
export * from './catalog/resource-rules';
export * from './status.contract';
export * from './admin.contract';

/** Every server function the backend must serve; the transport refuses ids not listed here. */
export const serverFnContracts = [
  ...authServerFns,
  ...dashboardServerFns,
  getCreditSummary,
  ...availabilityServerFns,
  ...sessionsServerFns,
  ...hostSessionsServerFns,
  checkCheckoutAccess,
  getCheckoutData,
  initiateCheckout,
  ...planChangeServerFns,
  getSeatInvitation,
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
  getEmailPreferences,
  updateEmailPreferences,
  requestManageEmailLink,
  getContactCsrfToken,
  submitContactMessage,
  adminListStripeEvents,
  adminRedriveStripeEvent,
  ...coursesServerFns,
  ...libraryServerFns,
] as const;
