import { Injectable } from '@nestjs/common';
import type { DownloadProblem } from '../../../../../contracts/library/download-problems.contract';
import type { ServerFnContext } from '../../../server-fn/server-fn-context';
import { Auth, type SignedInUser } from '../../auth';
import { CatalogQueries } from '../../catalog';
import { DownloadLinks } from '../download-links';
import { LibraryQueries } from '../library.queries';

type Resource = NonNullable<Awaited<ReturnType<CatalogQueries['findByIdOrSlug']>>>;
type FileVersion = NonNullable<Awaited<ReturnType<LibraryQueries['fileVersion']>>>;

export type DownloadCheck =
  { ok: true; user: SignedInUser; resource: Resource; file: FileVersion } | { ok: false; problem: DownloadProblem; resourceId: string | null };

/**
 * Whether a download link works for the visitor: its signature, expiry and account, and that the
 * account may still open the resource. The download itself and the page that explains a refusal
 * ask the same question here.
 */
@Injectable()
export class DownloadChecks {
  constructor(
    private readonly links: DownloadLinks,
    private readonly auth: Auth,
    private readonly catalog: CatalogQueries,
    private readonly queries: LibraryQueries,
  ) {}

  async check(token: string, context: ServerFnContext): Promise<DownloadCheck> {
    const link = this.links.verify(token);
    if (!link.ok) return { ok: false, problem: link.reason, resourceId: link.reason === 'expired' ? link.grant.resourceId : null };
    const { grant } = link;
    const user = await this.auth.user(context);
    if (!user) return { ok: false, problem: 'signed-out', resourceId: grant.resourceId };
    if (user.userId !== grant.userId) return { ok: false, problem: 'other-account', resourceId: grant.resourceId };
    // One round trip: the resource, the account's entitlement facts and the version, side by side.
    const [resource, facts, file] = await Promise.all([
      this.catalog.findByIdOrSlug(grant.resourceId),
      this.queries.accountFacts(user),
      this.queries.fileVersion(grant.resourceId, grant.fileName, grant.version),
    ]);
    if (!resource) return { ok: false, problem: 'gone', resourceId: null };
    if (!this.queries.entitlementOf(resource, facts).entitled) return { ok: false, problem: 'not-entitled', resourceId: resource.id };
    if (!file) return { ok: false, problem: 'gone', resourceId: resource.id };
    return { ok: true, user, resource, file };
  }
}
