/**
 * Whether a verified token's session is still live. The local sign-in answers from its sessions
 * table on every request, so a signed-out or revoked session is refused at once rather than
 * when its token expires. With Clerk there is none: Clerk's 60 s tokens carry its own status.
 */
export interface SignInStatusCheck {
  isSignInActive(sessionId: string): Promise<boolean>;
}
