/** The auth module's public surface: other modules, the app and the CLI import only this. */
export { Auth, type SignedInUser } from './auth';
export { signInRedirect, userOrSignIn } from './sign-in-redirect';
export { AuthModule } from './auth.module';
