import { createClerkClient, type ClerkClient } from '@clerk/backend';
import { UnavailableError } from '../../platform/common/app-error';

/** Clerk's Backend API for a user's sessions: "sign out of all devices" when Clerk signs people in. */
export class ClerkSignIns {
  private readonly clerk: ClerkClient;

  /** `apiUrl`: Clerk's Backend API unless told otherwise (a test's stand-in). */
  constructor(secretKey: string, apiUrl?: string) {
    this.clerk = createClerkClient({ secretKey, ...(apiUrl ? { apiUrl } : {}), telemetry: { disabled: true } });
  }

  /** Revokes every active session of the user; Clerk's own token refresh then refuses each one. */
  async revokeAll(userId: string): Promise<number> {
    try {
      return await this.revokePages(userId);
    } catch {
      throw new UnavailableError('We could not reach the sign-in service to sign you out everywhere; try again shortly.');
    }
  }

  private async revokePages(userId: string): Promise<number> {
    let revoked = 0;
    for (;;) {
      const { data } = await this.clerk.sessions.getSessionList({ userId, status: 'active', limit: 100 });
      for (const session of data) await this.clerk.sessions.revokeSession(session.id);
      revoked += data.length;
      // Revoked sessions leave the active list, so the next page is again the first.
      if (data.length < 100) return revoked;
    }
  }
}
