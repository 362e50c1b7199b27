import { randomBytes } from 'node:crypto';
import type { FactoryProvider } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { ErrorIssue } from '../../../contracts/server-fn';
import { cookieValue, type ResponseCookie } from '../platform/common/http/cookies';
import { rootLogger } from '../platform/common/logger';
import { APP_CONFIG } from '../platform/config/config.module';
import type { AppConfig } from '../platform/config/config.schema';
import { REDIS } from '../platform/redis/redis.module';

/** Long enough to correct a field and send again; a draft is personal, so it is not kept longer. */
const KEEP_SECONDS = 10 * 60;
const ID = /^[A-Za-z0-9_-]{32}$/;

/** What a form posted without JavaScript held when it was refused, and why, for its page to show again. */
export interface FormDraft {
  values: Record<string, string>;
  issues: ErrorIssue[];
}

/**
 * Drafts of refused plain-form posts: the browser is sent back to the form's page (a 303), which
 * must show what was typed with the fields in error. The typed text is kept in Redis for ten
 * minutes under a random id that only this browser holds (an HttpOnly cookie),
 * never in the address, where it would end up in logs and history. The cookie is site-wide because
 * the page reads it through a server function; the key in Redis names the page.
 */
export class FormDrafts {
  readonly cookieName: string;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly secureCookies: boolean,
  ) {
    this.cookieName = secureCookies ? '__Host-sculpt_draft' : 'sculpt_draft';
  }

  /** Keeps the fields named in `keep` (strings only, as a form sends them); the cookie to set, or none when Redis is away. */
  async keep(page: string, keep: readonly string[], input: unknown, issues: ErrorIssue[]): Promise<ResponseCookie | undefined> {
    const values: Record<string, string> = {};
    const fields = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
    for (const name of keep) {
      const value = Object.hasOwn(fields, name) ? fields[name] : undefined;
      if (typeof value === 'string') values[name] = value;
    }
    const id = randomBytes(24).toString('base64url');
    const draft: FormDraft = { values, issues: issues.map(({ path, message }) => ({ path, message })) };
    try {
      await this.redis.set(this.key(page, id), JSON.stringify(draft), 'EX', KEEP_SECONDS);
    } catch (error) {
      // Without the draft the page still says what went wrong; only the typed text is lost.
      rootLogger().warn({ err: error }, 'could not keep a form draft');
      return undefined;
    }
    return { name: this.cookieName, value: id, options: this.options(KEEP_SECONDS * 1000) };
  }

  /** This browser's draft for the page, if it has one still kept. */
  async read(cookieHeader: string | undefined, page: string): Promise<FormDraft | null> {
    const id = cookieValue(cookieHeader, this.cookieName);
    if (!id || !ID.test(id)) return null;
    const kept = await this.redis.get(this.key(page, id)).catch(() => null);
    return kept ? (JSON.parse(kept) as FormDraft) : null;
  }

  /** The cookie that forgets the draft, once the form went through. */
  forget(): ResponseCookie {
    return { name: this.cookieName, value: '', options: this.options(0) };
  }

  private options(maxAge: number): ResponseCookie['options'] {
    return { path: '/', httpOnly: true, sameSite: 'lax', maxAge, secure: this.secureCookies };
  }

  private key(page: string, id: string): string {
    return `${this.prefix}:form-draft:${page}:${id}`;
  }
}

/** For the transport (which keeps drafts) and for each page's module that reads its own back (the worker has no transport). */
export const formDraftsProvider: FactoryProvider<FormDrafts> = {
  provide: FormDrafts,
  inject: [REDIS, APP_CONFIG],
  useFactory: (redis: Redis, config: AppConfig) => new FormDrafts(redis, config.QUEUE_PREFIX, config.PUBLIC_URL.startsWith('https:')),
};
