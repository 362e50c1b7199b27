import { z } from 'zod';
import { toEmailAddress } from '../email-address';
import { defineServerFn } from '../server-fn';

/** Who is signed in, as the shell and the signed-in areas need it; `null` when signed out. */
export const viewerSchema = z.object({
  userId: z.string(),
  email: z.string().nullable(),
  name: z.string(),
  isAdmin: z.boolean(),
});
export type Viewer = z.infer<typeof viewerSchema>;

export const getViewer = defineServerFn({
  id: 'getViewer',
  method: 'GET',
  input: z.object({}).strict().default({}),
  output: z.object({
    /** Which sign-in the site uses: the embedded local one, or Clerk with its publishable key. */
    signIn: z.discriminatedUnion('mode', [z.object({ mode: z.literal('local') }), z.object({ mode: z.literal('clerk'), publishableKey: z.string() })]),
    viewer: viewerSchema.nullable(),
  }),
});

/** Clerk's field names and limits, shared by the local sign-in and its forms. */
const identifier = z.string().trim().min(1, 'Enter your email address.').max(254, 'That email address is too long.').transform(toEmailAddress);
const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from the email.');
const attemptId = z.string().regex(/^s[iu]a_[A-Za-z0-9]{8,40}$/, 'This sign-in has expired; start again.');
const name = z.string().trim().max(100, 'Keep the name under 100 characters.').optional();

export const signInStatusSchema = z.enum(['needs_identifier', 'needs_first_factor', 'complete']);
export const signUpStatusSchema = z.enum(['missing_requirements', 'complete']);

const attemptOutput = z.object({
  id: z.string(),
  status: z.union([signInStatusSchema, signUpStatusSchema]),
  /** The address the code went to. */
  identifier: z.string().nullable(),
});

/** The codes the local sign-in answers with (Clerk's), beside the transport's own. */
export const LOCAL_SIGN_IN_ERRORS = [
  'form_identifier_not_found',
  'form_identifier_exists',
  'form_identifier_invalid',
  'form_code_incorrect',
  'verification_expired',
  'verification_failed',
  'sign_in_wrong_status',
  'sign_up_wrong_status',
  'form_param_format_invalid',
  'form_param_max_length_exceeded',
  'local_sign_in_off',
] as const;

export const localSignInCreate = defineServerFn({
  id: 'localSignInCreate',
  method: 'POST',
  input: z.object({ identifier }).strict(),
  output: attemptOutput,
  errors: LOCAL_SIGN_IN_ERRORS,
});

export const localSignInPrepareFirstFactor = defineServerFn({
  id: 'localSignInPrepareFirstFactor',
  method: 'POST',
  input: z.object({ attemptId }).strict(),
  output: attemptOutput,
  errors: LOCAL_SIGN_IN_ERRORS,
});

export const localSignInAttemptFirstFactor = defineServerFn({
  id: 'localSignInAttemptFirstFactor',
  method: 'POST',
  input: z.object({ attemptId, code }).strict(),
  output: attemptOutput,
  errors: LOCAL_SIGN_IN_ERRORS,
});

export const localSignUpCreate = defineServerFn({
  id: 'localSignUpCreate',
  method: 'POST',
  input: z
    .object({
      emailAddress: identifier,
      firstName: name,
      lastName: name,
      legalAccepted: z.literal(true, 'Accept the terms and the privacy policy to create an account.'),
    })
    .strict(),
  output: attemptOutput,
  errors: LOCAL_SIGN_IN_ERRORS,
});

export const localSignUpAttemptVerification = defineServerFn({
  id: 'localSignUpAttemptVerification',
  method: 'POST',
  input: z.object({ attemptId, code }).strict(),
  output: attemptOutput,
  errors: LOCAL_SIGN_IN_ERRORS,
});

export const signOut = defineServerFn({
  id: 'signOut',
  method: 'POST',
  input: z.object({}).strict().default({}),
  output: z.object({ signedOut: z.literal(true) }),
});

/** Ends every session of the signed-in account, on every device (this one included). */
export const signOutEverywhere = defineServerFn({
  id: 'signOutEverywhere',
  method: 'POST',
  input: z.object({}).strict().default({}),
  output: z.object({ signedOut: z.literal(true) }),
});

/** The embedded local sign-in's steps: served only while it stands in for Clerk, never in production. */
export const localSignInServerFns = [
  localSignInCreate,
  localSignInPrepareFirstFactor,
  localSignInAttemptFirstFactor,
  localSignUpCreate,
  localSignUpAttemptVerification,
];

export const authServerFns = [getViewer, ...localSignInServerFns, signOut, signOutEverywhere];
