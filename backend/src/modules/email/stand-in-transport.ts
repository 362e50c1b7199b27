/**
 * The transport standing in for SMTP outside production (the dev outbox), bound by
 * emulators/outbox when standIns mounts it; EMAIL_TRANSPORT=outbox is refused in production.
 */
export const STAND_IN_EMAIL_TRANSPORT = Symbol('STAND_IN_EMAIL_TRANSPORT');
