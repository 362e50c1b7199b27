import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { Controller, Inject, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { AdminUploadProblem } from '../../../../../contracts/library/library.contract';
import { APP_CONFIG } from '../../../platform/config/config.module';
import type { AppConfig } from '../../../platform/config/config.schema';
import { requestMetadata } from '../../../events/metadata-for';
import { awaitProjection } from '../../../events/projection-wait';
import { MikroORM } from '@mikro-orm/postgresql';
import { AdminGate, type AdminCaller, type AdminOperationOutcome } from '../../../server-fn/admin-operation';
import { contextFromRequest } from '../../../server-fn/request-context';
import type { ServerFnContext } from '../../../server-fn/server-fn-context';
import { AdminRoute, adminRouteCaller, type AdminRouteDeclaration } from '../../../server-fn/admin-route';
import { isSameOriginRequest } from '../../../server-fn/same-origin';
import { PublishFileVersionHandler } from '../commands/publish-file-version.handler';
import { LibraryQueries } from '../library.queries';

const PAGE = '/admin/library';

/** Owner: the upload is what every customer downloads next. */
const UPLOAD_LIBRARY_FILE: AdminRouteDeclaration = { name: 'uploadLibraryFile', role: 'owner', audit: 'recorded', formPage: PAGE };

type Ended = { target: string; search: Record<string, string>; outcome: AdminOperationOutcome };

const refused = (target: string, problem: AdminUploadProblem): Ended => ({
  target,
  search: { problem },
  outcome: { ok: false, code: `upload.${problem}`, message: `Refused: ${problem.replace('_', ' ')}` },
});

/**
 * An owner uploads a new version of a resource's file (multipart: resourceId, fileName, file).
 * The upload is kept in a temporary file (never in memory), published like a built file with
 * source admin, and the browser is sent back to the admin page with the outcome, which the audit log keeps.
 */
@Controller('admin/library')
export class AdminLibraryUploadController {
  private readonly upload: ReturnType<typeof multer>;

  constructor(
    private readonly gate: AdminGate,
    private readonly queries: LibraryQueries,
    private readonly publisher: PublishFileVersionHandler,
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.upload = multer({ dest: tmpdir(), limits: { fileSize: config.LIBRARY_UPLOAD_MAX_MB * 1024 * 1024, files: 1, fields: 10, fieldSize: 1024 } });
  }

  @Post('upload')
  @AdminRoute(UPLOAD_LIBRARY_FILE)
  async uploadVersion(@Req() req: Request, @Res() res: Response): Promise<void> {
    const context = contextFromRequest(req, res);
    const caller = adminRouteCaller(req);
    const record = (target: string, outcome: AdminOperationOutcome) =>
      this.gate.record({ operation: UPLOAD_LIBRARY_FILE.name, caller, target, reason: null, outcome }, context);
    let ended: Ended;
    try {
      ended = await this.publish(req, res, context, caller);
    } catch (error) {
      await record('(unread)', { ok: false, code: 'INTERNAL', message: 'It failed on our side.' });
      throw error;
    }
    await record(ended.target, ended.outcome);
    res.redirect(303, `${PAGE}?${new URLSearchParams(ended.search)}`);
  }

  private async publish(req: Request, res: Response, context: ServerFnContext, caller: AdminCaller): Promise<Ended> {
    if (!isSameOriginRequest(req, this.config.PUBLIC_URL)) return refused('(unread)', 'cross_site');
    try {
      await new Promise<void>((resolve, reject) => this.upload.single('file')(req, res, (error: unknown) => (error ? reject(error) : resolve())));
    } catch (error) {
      if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') return refused('(unread)', 'too_large');
      context.log.warn({ err: error }, 'library: an admin upload could not be read');
      return refused('(unread)', 'failed');
    }
    const upload = req.file;
    try {
      const body = req.body as Record<string, unknown>;
      const resourceId = typeof body.resourceId === 'string' ? body.resourceId : '';
      const fileName = typeof body.fileName === 'string' ? body.fileName : '';
      const target = `${resourceId}/${fileName}`.replace(/\0/g, '');
      if (!upload || upload.size === 0) return refused(target, 'missing_file');
      const current =
        resourceId && fileName && resourceId.length <= 120 && fileName.length <= 200 && !/\0/.test(resourceId + fileName)
          ? await this.queries.fileVersion(resourceId, fileName)
          : null;
      if (!current) return refused(target, 'unknown_file');
      const latest = (await this.queries.allLatestFiles()).find((f) => f.resource_id === resourceId && f.name === fileName)!;
      const outcome = await this.publisher.publish(
        {
          resourceId,
          name: fileName,
          title: latest.title,
          description: latest.description,
          contentType: current.contentType,
          path: upload.path,
          source: 'admin',
          actor: caller.id,
        },
        requestMetadata(context.correlationId, { kind: 'admin', userId: caller.id }),
      );
      if (outcome.status !== 'appended') return refused(target, 'same_bytes');
      await awaitProjection(this.orm, 'LibraryFilesProjector', outcome);
      const version = String(outcome.state.version);
      return { target, search: { uploaded: fileName, version }, outcome: { ok: true, summary: `Published version ${version} of ${fileName}` } };
    } finally {
      if (upload) await rm(upload.path, { force: true });
    }
  }
}
