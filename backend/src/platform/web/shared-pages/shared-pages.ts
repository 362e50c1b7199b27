import { randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Request, Response } from 'express';
import { carriesCredentials } from '../../common/http/cache-control';
import type { ResponseCookie } from '../../common/http/cookies';
import { rootLogger } from '../../common/logger';
import { CatalogChangesListener } from '../../database/catalog-changes.listener';
import { PAGE_VARY, REVALIDATED, sendRenderedPage } from '../page-headers';
import { PAGE_SERVER_FNS, type PageServerFns } from '../page-server-fns';
import { cspNonce } from '../security-headers';
import { SsrRenderer } from '../ssr-renderer';
import { acceptsGzip } from './accepts-gzip';
import { BoundedCache } from './bounded-cache';
import { NonceTemplate } from './nonce-template';

/**
 * How long a copy is served before it is rendered again (in the background, the copy still served
 * meanwhile). Not for correctness (changes invalidate at once) but so that what the page carries
 * about its own age stays young: the browser refetches data it finds older than 60 s on hydrating.
 */
const FRESH_MS = 30_000;
const LIMITS = { maxEntries: 256, maxBytes: 32 * 1024 * 1024 };
/** Addresses whose key (or lack of one) is remembered; past this many the memo starts over. */
const KEYS_REMEMBERED = 2_000;

/** Response headers of the render that a copy keeps (not its cookies, length or validators). */
const DROPPED_HEADERS = new Set(['set-cookie', 'content-length', 'etag', 'last-modified']);

interface SharedPage {
  template: NonceTemplate;
  headers: Array<[string, string]>;
  renderedAt: number;
}

/** A render made for sharing: the copy to keep, or (not shareable) the render itself. */
interface Fill {
  page?: SharedPage;
  response: globalThis.Response;
  html: string;
  cookies: ResponseCookie[];
}

/**
 * Signed-out pages that are the same for every visitor (the frontend's `sharedPageKey` says which),
 * rendered once and served as copies, each with the response's own CSP nonce.
 *
 * A copy lives in this process only, so it never outlives the build that rendered it (docs are
 * part of the build). The catalog is read from Postgres, so any change to it, by any process,
 * drops every copy here: the first visit after the notification renders anew. While the
 * notification connection is down nothing is shared (a change could go unheard), and everything
 * kept is dropped again once it is back.
 */
@Injectable()
export class SharedPages implements OnModuleInit {
  /** Rendered in place of the nonce; random per process and never sent, so no page text can hold it. */
  private readonly placeholder = randomBytes(16).toString('base64');
  private readonly pages = new BoundedCache<SharedPage>(LIMITS, (page) => page.template.size);
  private readonly fills = new Map<string, Promise<Fill>>();
  /** The key of each address seen, which depends on the address and the build alone. */
  private readonly keys = new Map<string, string | null>();
  private generation = 0;

  constructor(
    private readonly renderer: SsrRenderer,
    private readonly catalogChanges: CatalogChangesListener,
    @Inject(PAGE_SERVER_FNS) private readonly serverFns: PageServerFns,
  ) {
    // Told on every change and on every (re)connection, after which anything may have changed unheard.
    this.catalogChanges.onNotification(() => this.invalidate());
  }

  async onModuleInit(): Promise<void> {
    await this.catalogChanges.start();
  }

  /** How many copies are kept (for tests and the bench). */
  get size(): number {
    return this.pages.size;
  }

  /** Drops every copy; renders under way are not kept either. */
  invalidate(): void {
    this.generation += 1;
    this.pages.clear();
    this.fills.clear();
  }

  /** Answers `req` with a shared copy when it may have one; false when the page must be rendered for this visit. */
  async serve(req: Request, res: Response): Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if (carriesCredentials(req.headers) || !this.catalogChanges.listening) return false;
    const key = await this.keyOf(req.originalUrl);
    if (!key) return false;
    const kept = this.pages.get(key);
    if (kept) {
      if (Date.now() - kept.renderedAt > FRESH_MS) this.refresh(key, req, res);
      this.send(req, res, kept);
      return true;
    }
    const { fill, mine } = this.fillOnce(key, req, res);
    let filled: Fill;
    try {
      filled = await fill;
    } catch (error) {
      if (mine) throw error;
      return false;
    }
    if (filled.page) {
      this.send(req, res, filled.page);
      return true;
    }
    // Not shareable (not a 200, or it set a cookie): the visitor it was rendered for gets it as is;
    // anyone who waited on it gets a render of their own.
    if (!mine) return false;
    for (const cookie of filled.cookies) res.cookie(cookie.name, cookie.value, cookie.options);
    sendRenderedPage(req, res, filled.response, filled.html.split(this.placeholder).join(cspNonce(res)));
    return true;
  }

  private async keyOf(url: string): Promise<string | null> {
    const known = this.keys.get(url);
    if (known !== undefined) return known;
    const key = (await this.renderer.sharedPageKey(url)) ?? null;
    if (this.keys.size >= KEYS_REMEMBERED) this.keys.clear();
    this.keys.set(url, key);
    return key;
  }

  private send(req: Request, res: Response, page: SharedPage): void {
    const nonce = cspNonce(res);
    const gzip = acceptsGzip(req.headers['accept-encoding']);
    const body = gzip ? page.template.gzip(nonce) : page.template.plain(nonce);
    res.status(200);
    for (const [name, value] of page.headers) res.setHeader(name, value);
    // Set here, the compression middleware leaves the body alone.
    if (gzip) res.setHeader('content-encoding', 'gzip');
    res.setHeader('cache-control', REVALIDATED);
    res.setHeader('vary', PAGE_VARY);
    res.setHeader('content-length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  private refresh(key: string, req: Request, res: Response): void {
    this.fillOnce(key, req, res).fill.catch((error: unknown) => rootLogger().warn({ err: error, key }, 'Could not render a shared page again'));
  }

  /** One render per key at a time: a visit that finds one under way waits for it. */
  private fillOnce(key: string, req: Request, res: Response): { fill: Promise<Fill>; mine: boolean } {
    const pending = this.fills.get(key);
    if (pending) return { fill: pending, mine: false };
    const fill = this.render(key, req, res).finally(() => {
      if (this.fills.get(key) === fill) this.fills.delete(key);
    });
    this.fills.set(key, fill);
    return { fill, mine: true };
  }

  /** Renders as any signed-out visitor would see it: the request's headers without its cookies, the placeholder for the nonce. */
  private async render(key: string, req: Request, res: Response): Promise<Fill> {
    const generation = this.generation;
    const cookies: ResponseCookie[] = [];
    const { cookie: _dropped, ...headers } = req.headers;
    const context = {
      ...this.serverFns.contextOf(req, res),
      headers,
      response: { cookie: (name: string, value: string, options: ResponseCookie['options']) => void cookies.push({ name, value, options }) },
    };
    const response = await this.renderer.render(req, context, this.placeholder);
    const html = await response.text();
    const template = response.status === 200 && cookies.length === 0 ? NonceTemplate.fromHtml(html, this.placeholder) : undefined;
    if (!template) return { response, html, cookies };
    const page: SharedPage = {
      template,
      headers: [...response.headers].filter(([name]) => !DROPPED_HEADERS.has(name)),
      renderedAt: Date.now(),
    };
    // A change heard while rendering may have come too late for what this render read.
    if (generation === this.generation && this.catalogChanges.listening) this.pages.set(key, page);
    return { page, response, html, cookies };
  }
}
