/** The auth module's public surface: other modules, the app and the CLI import only this. */
export { Auth, type SignedInUser } from './auth';
export {
  ADMIN_ORG_ROLE,
  type AdminRole,
  IDENTITY_STAND_IN,
  SUPPORT_ORG_ROLE,
  type IdentityStandIn,
  STAND_IN_SESSION_KEYS,
  type StandInSessionKeys,
} from './identity-stand-in';
export { signInRedirect, userOrSignIn } from './sign-in-redirect';
export { AuthModule } from './auth.module';
export { authEmailKinds } from './emails/auth-email-kinds';
