/** The auth module's public surface: other modules, the app and the CLI import only this. */
export { Auth, type SignedInUser } from './auth';
export { type AdminActor, AdminAccess, ADMIN_TOKEN_ACTOR, isAdmin } from './admin-access';
export { AdminSignIns } from './admin-sign-ins';
export { OwnerOnlyError } from './auth.errors';
export {
  ADMIN_ORG_ROLE,
  type AdminRole,
  IDENTITY_STAND_IN,
  SUPPORT_ORG_ROLE,
  type IdentityStandIn,
  STAND_IN_SIGN_IN_KEYS,
  type StandInSignInKeys,
} from './identity-stand-in';
export { signInRedirect, userOrSignIn } from './sign-in-redirect';
export { AuthModule } from './auth.module';
export { authEmailKinds } from './emails/auth-email-kinds';
