import { signInCode } from './sign-in-code.email';

/** The auth module's emails by name; the local sign-in stand-in, which sends them, adds them to EmailKinds. */
export const authEmailKinds = {
  'sign-in-code': signInCode,
};
