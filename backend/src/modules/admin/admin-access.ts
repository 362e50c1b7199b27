import type { IncomingHttpHeaders } from 'node:http';
import { ForbiddenError } from '../../platform/common/app-error';
import { readCookie } from '../../platform/common/http/cookies';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import type { AdminRole, Auth } from '../auth';
import type { AdminSessions } from './admin-sessions';
import { OwnerOnlyError } from './admin.errors';

export const ADMIN_COOKIE = 'sculpt_admin';

/** Whether the request carries the cookie of a live ADMIN_TOKEN session (the cookie holds a random session id). */
export function isAdmin(headers: IncomingHttpHeaders, sessions: AdminSessions): Promise<boolean> {
  return sessions.isActive(readCookie(headers, ADMIN_COOKIE));
}

/** Who is acting in /admin: the actor id recorded on support actions, and what they may do. */
export interface AdminActor {
  id: string;
  role: AdminRole;
}

/** The actor id of a browser signed in with ADMIN_TOKEN (no account behind it). */
export const ADMIN_TOKEN_ACTOR = 'admin-token';

/**
 * Every admin server function starts here: an account with an admin role (Clerk's org:admin or
 * org:support; locally LOCAL_ADMIN_EMAILS or LOCAL_SUPPORT_EMAILS), or a browser signed in with
 * ADMIN_TOKEN (an owner). Anyone else: 403.
 */
export class AdminAccess {
  constructor(
    private readonly auth: Auth,
    private readonly sessions: AdminSessions,
  ) {}

  async assert(context: ServerFnContext): Promise<AdminActor> {
    if (await isAdmin(context.headers, this.sessions)) return { id: ADMIN_TOKEN_ACTOR, role: 'owner' };
    const user = await this.auth.user(context);
    if (user?.adminRole) return { id: user.userId, role: user.adminRole };
    throw new ForbiddenError('This is for administrators: sign in with an admin account or the admin token.');
  }

  /** For what only an owner may do: support admins get 403 admin.owner_only. */
  async assertOwner(context: ServerFnContext): Promise<AdminActor> {
    const actor = await this.assert(context);
    if (actor.role !== 'owner') throw new OwnerOnlyError();
    return actor;
  }
}
