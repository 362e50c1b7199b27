import { z } from 'zod';
import { toEmailAddress } from '../email-address';
import { defineServerFn } from '../server-fn';

/** The invitation page (/invite/<token>): what the link offers and who is looking at it. */
export const seatInvitationSchema = z.discriminatedUnion('state', [
  /** Malformed or forged: the page says so, and how to get a good link. */
  z.object({ state: z.literal('invalid') }),
  /** The owner took the seat back (or the license ended): it is no longer available. */
  z.object({ state: z.literal('removed'), ownerName: z.string(), planTitle: z.string() }),
  z.object({
    state: z.literal('open'),
    email: z.string(),
    ownerName: z.string(),
    planTitle: z.string(),
    /** Whether an account already uses the address (local sign-in); null when the hosted sign-in keeps accounts. */
    accountExists: z.boolean().nullable(),
    /** Who is signed in: nobody, or someone with another address (the invitee is sent to their seat). */
    viewer: z.enum(['signed-out', 'someone-else']),
    viewerEmail: z.string().nullable(),
  }),
]);
export type SeatInvitation = z.infer<typeof seatInvitationSchema>;

export const getSeatInvitation = defineServerFn({
  id: 'getSeatInvitation',
  method: 'GET',
  input: z.object({ token: z.string().max(2000) }).strict(),
  output: seatInvitationSchema,
});

/** A license id as the owner's dashboard sends it. */
export const licenseIdSchema = z.string().regex(/^lic_[a-f0-9]{24}$/, 'Choose one of your licenses.');

/** Replaces a license's key: the old one answers `revoked` from then on; seats and devices stay. */
export const rotateLicenseKey = defineServerFn({
  id: 'rotateLicenseKey',
  method: 'POST',
  input: z.object({ licenseId: licenseIdSchema }).strict(),
  output: z.object({ rotated: z.literal(true), keyHint: z.string() }),
  errors: ['license.inactive'],
});

/** The owner gives a seat, with its own key, to someone by email; or takes it back. */
const seatEmail = z.string().trim().max(254, 'That email address is too long.').transform(toEmailAddress);

export const assignSeat = defineServerFn({
  id: 'assignSeat',
  method: 'POST',
  input: z.object({ licenseId: licenseIdSchema, email: seatEmail }).strict(),
  output: z.object({ assigned: z.literal(true) }),
  errors: ['license.no_seats_left', 'license.inactive', 'license.seat_owner', 'license.seat_already_given'],
});

export const removeSeat = defineServerFn({
  id: 'removeSeat',
  method: 'POST',
  input: z.object({ licenseId: licenseIdSchema, email: seatEmail }).strict(),
  output: z.object({ removed: z.literal(true) }),
});

export const licensesServerFns = [getSeatInvitation, rotateLicenseKey, assignSeat, removeSeat];
