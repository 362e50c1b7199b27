import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { Controller, Inject, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { AdminUploadProblem } from '../../../../../contracts/library/library.contract';
import { AppError } from '../../../platform/common/app-error';
import { APP_CONFIG } from '../../../platform/config/config.module';
import type { AppConfig } from '../../../platform/config/config.schema';
import { requestMetadata } from '../../../events/metadata-for';
import { awaitProjection } from '../../../events/projection-wait';
import { MikroORM } from '@mikro-orm/postgresql';
import { contextFromRequest } from '../../../server-fn/request-context';
import { AdminAccess, type AdminActor } from '../../admin';
import { isSameOriginRequest } from '../../../server-fn/same-origin';
import { PublishFileVersionHandler } from '../commands/publish-file-version.handler';
import { LibraryQueries } from '../library.queries';

const PAGE = '/admin/library';

/**
 * An admin uploads a new version of a resource's file (multipart: resourceId, fileName, file).
 * The upload is kept in a temporary file (never in memory), published like a built file with
 * source admin, and the browser is sent back to the admin page with the outcome.
 */
@Controller('admin/library')
export class AdminLibraryUploadController {
  private readonly upload: ReturnType<typeof multer>;

  constructor(
    private readonly admin: AdminAccess,
    private readonly queries: LibraryQueries,
    private readonly publisher: PublishFileVersionHandler,
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.upload = multer({ dest: tmpdir(), limits: { fileSize: config.LIBRARY_UPLOAD_MAX_MB * 1024 * 1024, files: 1, fields: 10, fieldSize: 1024 } });
  }

  @Post('upload')
  async uploadVersion(@Req() req: Request, @Res() res: Response): Promise<void> {
    const context = contextFromRequest(req, res);
    const back = (search: Record<string, string>) => res.redirect(303, `${PAGE}?${new URLSearchParams(search)}`);
    const refuse = (problem: AdminUploadProblem) => back({ problem });
    if (!isSameOriginRequest(req, this.config.PUBLIC_URL)) return refuse('cross_site');
    let admin: AdminActor;
    try {
      admin = await this.admin.assert(context);
    } catch (error) {
      if (error instanceof AppError) return refuse('forbidden');
      throw error;
    }
    try {
      await new Promise<void>((resolve, reject) => this.upload.single('file')(req, res, (error: unknown) => (error ? reject(error) : resolve())));
    } catch (error) {
      if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') return refuse('too_large');
      context.log.warn({ err: error }, 'library: an admin upload could not be read');
      return refuse('failed');
    }
    const upload = req.file;
    try {
      if (!upload || upload.size === 0) return refuse('missing_file');
      const body = req.body as Record<string, unknown>;
      const resourceId = typeof body.resourceId === 'string' ? body.resourceId : '';
      const fileName = typeof body.fileName === 'string' ? body.fileName : '';
      const current =
        resourceId && fileName && resourceId.length <= 120 && fileName.length <= 200 && !/\0/.test(resourceId + fileName)
          ? await this.queries.fileVersion(resourceId, fileName)
          : null;
      if (!current) return refuse('unknown_file');
      const latest = (await this.queries.allLatestFiles()).find((f) => f.resource_id === resourceId && f.name === fileName)!;
      const actor = admin.id;
      const outcome = await this.publisher.publish(
        {
          resourceId,
          name: fileName,
          title: latest.title,
          description: latest.description,
          contentType: current.contentType,
          path: upload.path,
          source: 'admin',
          actor,
        },
        requestMetadata(context.correlationId, { kind: 'admin', userId: actor }),
      );
      if (outcome.status !== 'appended') return refuse('same_bytes');
      await awaitProjection(this.orm, 'LibraryFilesProjector', outcome);
      return back({ uploaded: fileName, version: String(outcome.state.version) });
    } finally {
      if (upload) await rm(upload.path, { force: true });
    }
  }
}
