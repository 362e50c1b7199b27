import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Resource } from '../../../../contracts/catalog/resource';
import { createDownloadLink, getLibrary, getLibraryAccess, getLibraryItem } from '../../../../contracts/library/library.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { Auth, userOrSignIn } from '../auth';
import { CatalogQueries } from '../catalog';
import { DownloadLinks } from './download-links';
import { LibraryFileNotFoundError, LibraryResourceNotFoundError, NotEntitledError, NotInLibraryError } from './library.errors';
import { isDelivered, LibraryQueries } from './library.queries';

/** The customer's library: what they can open, one item, and short-lived download links. */
@Injectable()
export class LibraryServerFns {
  constructor(
    private readonly auth: Auth,
    private readonly catalog: CatalogQueries,
    private readonly queries: LibraryQueries,
    @Inject(DownloadLinks) private readonly links: DownloadLinks,
  ) {}

  @ServerFn(getLibrary)
  async getLibrary(_input: unknown, context: ServerFnContext): Promise<ServerFnOutput<typeof getLibrary>> {
    const user = await userOrSignIn(this.auth, context, '/library');
    return { items: await this.queries.library(user) };
  }

  @ServerFn(getLibraryItem)
  async getLibraryItem(input: z.output<typeof getLibraryItem.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof getLibraryItem>> {
    const user = await userOrSignIn(this.auth, context, `/library/${encodeURIComponent(input.resourceId)}`);
    const resource = await this.resource(input.resourceId);
    // Plans and credit packs are used from the dashboard (keys, seats, credits), not opened here.
    if (!isDelivered(resource)) throw new NotInLibraryError();
    const found = await this.queries.libraryItem(user, resource);
    if ('refused' in found) throw new NotEntitledError(resource, found.refused);
    return found.item;
  }

  @ServerFn(getLibraryAccess)
  async getLibraryAccess(input: z.output<typeof getLibraryAccess.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof getLibraryAccess>> {
    const user = await this.auth.user(context);
    if (!user) return { signedIn: false, access: null };
    const resource = await this.resource(input.resourceId);
    const entitlement = await this.queries.entitlement(user, resource);
    return { signedIn: true, access: entitlement.entitled ? entitlement.source : null };
  }

  @ServerFn(createDownloadLink)
  async createDownloadLink(input: z.output<typeof createDownloadLink.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof createDownloadLink>> {
    const user = await this.auth.requireUser(context);
    const resource = await this.resource(input.resourceId);
    const entitlement = await this.queries.entitlement(user, resource);
    if (!entitlement.entitled) throw new NotEntitledError(resource, entitlement);
    const file = await this.queries.fileVersion(resource.id, input.fileName);
    if (!file) throw new LibraryFileNotFoundError(input.fileName);
    const { token, expiresAt } = this.links.sign({ userId: user.userId, resourceId: resource.id, fileName: file.name, version: file.version });
    return { url: this.links.path(token, file.name), fileName: file.name, version: file.version, bytes: file.bytes, expiresAt: expiresAt.toISOString() };
  }

  private async resource(idOrSlug: string): Promise<Resource> {
    const resource = await this.catalog.findByIdOrSlug(idOrSlug);
    if (!resource) throw new LibraryResourceNotFoundError();
    return resource;
  }
}
