import { All, Controller, Inject, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { SERVER_FN_PREFIX } from '../../../contracts/server-fn';
import { AppError } from '../platform/common/app-error';
import { PERSONAL } from '../platform/common/http/cache-control';
import { APP_CONFIG } from '../platform/config/config.module';
import type { AppConfig } from '../platform/config/config.schema';
import { FormDrafts } from './form-drafts';
import { PayloadDecoder } from './payload-decoder';
import { CrossSiteRequestError, isSameOriginRequest } from './same-origin';
import { contextFromRequest } from './request-context';
import { ServerFnInvoker, type ServerFnAnswer } from './server-fn.invoker';
import { ServerFnRegistry } from './server-fn.registry';

@Controller(SERVER_FN_PREFIX.slice(1))
export class ServerFnController {
  private readonly decoder: PayloadDecoder;
  /** A kept answer (the catalog's lists) goes out as the same object each time: written as JSON once. */
  private readonly written = new WeakMap<object, string>();

  constructor(
    private readonly invoker: ServerFnInvoker,
    private readonly registry: ServerFnRegistry,
    private readonly drafts: FormDrafts,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.decoder = new PayloadDecoder(config.BODY_LIMIT);
  }

  @All(':id')
  async handle(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const context = contextFromRequest(req, res);
    let answer: ServerFnAnswer;
    let plainForm = false;
    let rawInput: unknown;
    try {
      const payload = await this.decoder.decode(req, res);
      rawInput = payload.input;
      plainForm = payload.kind === 'form' && req.accepts(['application/json', 'text/html']) !== 'application/json';
      context.plainForm = plainForm;
      // Every POST changes something: one that a page on another site made the browser send is refused here, for every function.
      if (req.method === 'POST' && !isSameOriginRequest(req, this.config.PUBLIC_URL)) throw new CrossSiteRequestError();
      answer = await this.invoker.invoke(id, req.method, payload.input, context);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      answer = {
        status: error.status,
        envelope: { error: { code: error.code, message: error.message, ...(error.issues ? { issues: error.issues } : {}) } },
      };
    }
    // Every answer, the redirects and errors included: any of them may be about the caller.
    res.setHeader('cache-control', PERSONAL);
    // Which chain the events this call appended belong to, for a caller tying its requests together.
    res.setHeader('x-correlation-id', context.correlationId);
    if (answer.status === 405) res.setHeader('allow', req.method === 'GET' ? 'POST' : 'GET, HEAD');
    for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
    if (plainForm) {
      // What another site's page made the browser post is never kept to be shown on ours.
      const keep = isSameOriginRequest(req, this.config.PUBLIC_URL);
      const target = await this.plainFormTarget(id, answer, keep ? rawInput : undefined, res);
      if (target) {
        res.redirect(303, target);
        return;
      }
    }
    if ('result' in answer.envelope && typeof answer.envelope.result === 'object' && answer.envelope.result !== null) {
      res.status(answer.status).type('json').send(this.json(answer.envelope.result));
      return;
    }
    res.status(answer.status).json(answer.envelope);
  }

  private json(result: object): string {
    let text = this.written.get(result);
    if (text === undefined) this.written.set(result, (text = JSON.stringify({ result })));
    return text;
  }

  /**
   * Where a form posted before JavaScript loaded sends the browser: a redirect's target, or back to
   * its page with the outcome (and, after a refusal, what was typed kept for the page to show).
   */
  private async plainFormTarget(id: string, answer: ServerFnAnswer, rawInput: unknown, res: Response): Promise<string | undefined> {
    const { envelope } = answer;
    if ('redirect' in envelope) return envelope.redirect.href;
    const form = this.registry.find(id)?.contract.form;
    if (!form) return undefined;
    const query = new URLSearchParams(carried(form.carry ?? [], rawInput));
    if ('error' in envelope) {
      query.set('status', 'error');
      query.set('reason', envelope.error.code);
      const cookie = form.keep && rawInput !== undefined ? await this.drafts.keep(form.page, form.keep, rawInput, envelope.error.issues ?? []) : undefined;
      if (cookie) res.cookie(cookie.name, cookie.value, cookie.options);
    } else {
      query.set('status', 'sent');
      if (form.keep) {
        const cookie = this.drafts.forget();
        res.cookie(cookie.name, cookie.value, cookie.options);
      }
    }
    return `${form.page}?${query.toString()}`;
  }
}

/** The named fields of a form's input that are short single strings, as the page's address takes them back. */
function carried(names: readonly string[], input: unknown): Array<[string, string]> {
  if (typeof input !== 'object' || input === null) return [];
  const fields = input as Record<string, unknown>;
  return names.flatMap((name) => {
    const value = Object.hasOwn(fields, name) ? fields[name] : undefined;
    return typeof value === 'string' && value.length > 0 && value.length <= 300 ? [[name, value] as [string, string]] : [];
  });
}
