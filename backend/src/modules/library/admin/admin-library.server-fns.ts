import { Inject, Injectable } from '@nestjs/common';
import { adminListLibraryFiles } from '../../../../../contracts/library/library.contract';
import type { ServerFnOutput } from '../../../../../contracts/server-fn';
import { APP_CONFIG } from '../../../platform/config/config.module';
import type { AppConfig } from '../../../platform/config/config.schema';
import { ServerFn } from '../../../server-fn/server-fn.decorator';
import { CatalogQueries } from '../../catalog';
import { LibraryQueries } from '../library.queries';

@Injectable()
export class AdminLibraryServerFns {
  constructor(
    private readonly queries: LibraryQueries,
    private readonly catalog: CatalogQueries,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @ServerFn(adminListLibraryFiles, { admin: { role: 'support', audit: { kind: 'reads' } } })
  async adminListLibraryFiles(_input: unknown): Promise<ServerFnOutput<typeof adminListLibraryFiles>> {
    const rows = await this.queries.allLatestFiles();
    const titles = new Map((await this.catalog.findByIds([...new Set(rows.map((r) => r.resource_id))])).map((r) => [r.id, r.title]));
    return {
      maxUploadMb: this.config.LIBRARY_UPLOAD_MAX_MB,
      files: rows.map((r) => ({
        resourceId: r.resource_id,
        resourceTitle: titles.get(r.resource_id) ?? r.resource_id,
        name: r.name,
        title: r.title,
        version: r.version,
        bytes: r.bytes,
        contentType: r.content_type,
        source: r.source,
        publishedAt: r.published_at.toISOString(),
      })),
    };
  }
}
