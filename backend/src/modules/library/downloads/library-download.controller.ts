import { Controller, Get, Head, Inject, Param, Req, Res } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { requestMetadata } from '../../../events/metadata-for';
import { contextFromRequest } from '../../../server-fn/request-context';
import type { ServerFnContext } from '../../../server-fn/server-fn-context';
import { PROBLEM_CODES, PROBLEM_STATUS, problemMessage, type DownloadProblem } from '../../../../../contracts/library/download-problems.contract';
import { sendRenderedPage } from '../../../platform/web/page-headers';
import { cspNonce } from '../../../platform/web/security-headers';
import { SsrRenderer } from '../../../platform/web/ssr-renderer';
import { RecordDownload } from '../commands/record-download.handler';
import { OBJECT_STORAGE } from '../storage/storage-from-config';
import type { ObjectStorage } from '../storage/object-storage';
import { attachmentDisposition, parseRange } from './byte-range';
import { DownloadChecks } from './download-check';
import { downloadProblemPage } from './download-problem.page';

/**
 * `GET /library/files/<token>/<name>`: checks the link's signature, expiry and account (and that
 * the account may still open the resource), then streams the version it names from storage, with
 * byte ranges. A download from byte 0 is recorded once its headers are out, never holding the stream up.
 */
@Controller('library/files')
export class LibraryDownloadController {
  constructor(
    private readonly checks: DownloadChecks,
    private readonly commands: CommandBus,
    private readonly modules: ModuleRef,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  @Get(':token/:name')
  download(@Param('token') token: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.serve(token, req, res);
  }

  @Get(':token')
  downloadUnnamed(@Param('token') token: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.serve(token, req, res);
  }

  @Head(':token/:name')
  head(@Param('token') token: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.serve(token, req, res);
  }

  private async serve(token: string, req: Request, res: Response): Promise<void> {
    const context = contextFromRequest(req, res);
    try {
      await this.answer(token, req, res, context);
    } catch (error) {
      // An outage (Postgres, storage) before the first byte: a page that says to retry, not a raw 500.
      context.log.error({ err: error }, 'library: a download could not be served');
      if (!res.headersSent) problem(req, res, 'unavailable', null);
      else res.destroy();
    }
  }

  /** A refusal: for a browser, the site's own page at the link's address (getDownloadProblem says why), with the refusal's status. */
  private async refuse(req: Request, res: Response, kind: DownloadProblem, resourceId: string | null, context: ServerFnContext): Promise<void> {
    if (req.method !== 'GET' || req.accepts(['html', 'json']) !== 'html') return problem(req, res, kind, resourceId);
    try {
      // Looked up per request: the worker process has no renderer, and never serves downloads.
      const renderer = this.modules.get(SsrRenderer, { strict: false });
      const page = await renderer.render(req, context, cspNonce(res));
      const html = await page.text();
      res.setHeader('X-Robots-Tag', 'noindex, nofollow');
      sendRenderedPage(req, res, new Response(null, { status: PROBLEM_STATUS[kind], headers: page.headers }), html);
    } catch (error) {
      context.log.warn({ err: error }, 'library: the download problem page could not be rendered; the plain one is sent');
      if (!res.headersSent) problem(req, res, kind, resourceId);
    }
  }

  private async answer(token: string, req: Request, res: Response, context: ServerFnContext): Promise<void> {
    const check = await this.checks.check(token, context);
    if (!check.ok) return this.refuse(req, res, check.problem, check.resourceId, context);
    const { user, resource, file } = check;

    const etag = `"${file.sha256}"`;
    const ifRange = req.headers['if-range'];
    const answer = ifRange && ifRange !== etag ? ({ kind: 'whole' } as const) : parseRange(req.headers.range, file.bytes);
    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('ETag', etag);
    res.setHeader('Last-Modified', file.publishedAt.toUTCString());
    // no-transform: the compression middleware leaves the bytes (and their Content-Length) alone.
    res.setHeader('Cache-Control', 'private, no-store, no-transform');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    if (answer.kind === 'unsatisfiable') {
      res.status(416).setHeader('Content-Range', `bytes */${file.bytes}`);
      res.end();
      return;
    }
    const range = answer.kind === 'partial' ? answer.range : undefined;
    const read = req.method === 'HEAD' ? null : await this.storage.get(file.storageKey, range);
    if (req.method !== 'HEAD' && !read) {
      context.log.error({ storageKey: file.storageKey, resourceId: file.resourceId, file: file.name }, 'library: a published version is missing from storage');
      return problem(req, res, 'gone', resource.id);
    }
    res.status(range ? 206 : 200);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', attachmentDisposition(file.name));
    res.setHeader('Content-Length', String(range ? range.end - range.start + 1 : file.bytes));
    if (range) res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${file.bytes}`);
    if (!read) {
      res.end();
      return;
    }
    res.flushHeaders();
    if (!range || range.start === 0) this.record({ userId: user.userId, resourceId: file.resourceId, fileName: file.name, version: file.version }, context);
    try {
      await pipeline(read.body, res);
    } catch (error) {
      // A browser that cancels a download closes the socket: nothing to answer, only worth a debug line.
      context.log.debug({ err: error }, 'library: a download stopped before its end');
    }
  }

  /** Records the download without the download waiting for it: a failure is logged, never turned into a failed download. */
  private record(download: RecordDownload['download'], context: Pick<ServerFnContext, 'correlationId' | 'log'>): void {
    const metadata = requestMetadata(context.correlationId, { kind: 'user', userId: download.userId });
    this.commands
      .execute(new RecordDownload(download, metadata))
      .catch((error: unknown) => context.log.error({ err: error, ...download }, 'library: a download could not be recorded'));
  }
}

function problem(req: Request, res: Response, kind: DownloadProblem, resourceId: string | null): void {
  const status = PROBLEM_STATUS[kind];
  res.status(status).setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  if (req.accepts(['html', 'json']) === 'html') {
    res.type('html').send(downloadProblemPage(kind, resourceId));
    return;
  }
  res.json({ error: { code: PROBLEM_CODES[kind], message: problemMessage(kind) } });
}
