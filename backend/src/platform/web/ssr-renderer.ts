import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Inject, Injectable } from '@nestjs/common';
import type { Request as ExpressRequest } from 'express';
import type { Envelope, ServerFnContract } from '../../../../contracts/server-fn';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import type { RequestContext } from '../common/request-context';
import { readClientManifest, type RouterAssetManifest } from './client-manifest';
import { PAGE_SERVER_FNS, type PageServerFns } from './page-server-fns';

interface SsrBundle {
  publicPaths(): Promise<string[]>;
  NOINDEX_PATHS: string[];
  sharedPageKey(pathname: string, search: string): Promise<string | undefined>;
  render(options: { request: Request; manifest: RouterAssetManifest; nonce: string }): Promise<Response>;
  installServerFnTransport(transport: (contract: ServerFnContract, input: unknown) => Promise<{ status: number; envelope: Envelope }>): void;
}

/**
 * Server-renders the React app. Loaders call server functions in-process, with the context of
 * the request being rendered (kept in AsyncLocalStorage, since the bundle's transport is global).
 */
@Injectable()
export class SsrRenderer {
  private readonly requests = new AsyncLocalStorage<RequestContext>();
  private loaded?: Promise<{ bundle: SsrBundle; manifest: RouterAssetManifest }>;

  constructor(
    @Inject(PAGE_SERVER_FNS) private readonly serverFns: PageServerFns,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get clientDir(): string {
    return resolve(this.config.WEB_DIST, 'client');
  }

  /** The page for `req`, rendered with the headers (cookies included) that `context` carries. */
  async render(req: ExpressRequest, context: RequestContext, nonce: string): Promise<Response> {
    const { bundle, manifest } = await this.load();
    const pathname = new URL(req.originalUrl, 'http://x').pathname;
    const noindex = bundle.NOINDEX_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
    const url = new URL(req.originalUrl, this.config.PUBLIC_URL);
    const headers = new Headers();
    for (const [name, value] of Object.entries(context.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(', '));
    }
    const request = new Request(url, { method: 'GET', headers });
    const response = await this.requests.run(context, () => bundle.render({ request, manifest, nonce }));
    if (noindex) response.headers.set('x-robots-tag', 'noindex, nofollow');
    return response;
  }

  async warmUp(): Promise<void> {
    await this.load();
  }

  /** The key under which the signed-out page at `url` may be shared by every visitor; undefined: render it per visit. */
  async sharedPageKey(url: string): Promise<string | undefined> {
    if (!url.startsWith('/') || url.startsWith('//')) return undefined;
    const { bundle } = await this.load();
    const { pathname, search } = new URL(url, 'http://x');
    return bundle.sharedPageKey(pathname, search);
  }

  /** The frontend's indexable pages, for the sitemap. */
  async publicPaths(): Promise<string[]> {
    const { bundle } = await this.load();
    return bundle.publicPaths();
  }

  private load() {
    this.loaded ??= this.importBundle().catch((error: unknown) => {
      this.loaded = undefined;
      throw error;
    });
    return this.loaded;
  }

  private async importBundle() {
    const file = resolve(this.config.WEB_DIST, 'server', 'entry-server.mjs');
    if (!existsSync(file)) throw new Error(`The frontend is not built (${file} is missing): run npm run build`);
    const bundle = (await import(pathToFileURL(file).href)) as SsrBundle;
    const manifest = readClientManifest(this.clientDir);
    bundle.installServerFnTransport(async (contract, input) => {
      const context = this.requests.getStore();
      if (!context) throw new Error('A server function was called outside a server render');
      // The wire would JSON-encode the input; do the same so both paths see identical values.
      const answer = await this.serverFns.call(contract, structuredJson(input), context);
      return { status: answer.status, envelope: structuredJson(answer.envelope) as Envelope };
    });
    return { bundle, manifest };
  }
}

function structuredJson(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}
