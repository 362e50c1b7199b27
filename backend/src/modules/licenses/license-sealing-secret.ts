/** The key license keys are sealed with (derived from the site secret in LicensesModule). */
export const LICENSE_SEALING_SECRET = Symbol('LICENSE_SEALING_SECRET');
