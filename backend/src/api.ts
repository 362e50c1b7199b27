import { resolve } from 'node:path';
import { constants as zlib } from 'node:zlib';
import type { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import compression from 'compression';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { ApiModule } from './app.module';
import { rootLogger } from './platform/common/logger';
import { QuietStartupLogger } from './platform/common/nest-logger';
import { LocalIdentity } from './emulators/identity/local-identity';
import { sessionRefresher } from './emulators/identity/session-refresher';
import type { AppConfig } from './platform/config/config.schema';
import { standIns } from './platform/config/stand-ins';
import { canonicalHost } from './platform/web/canonical-host';
import { answerClientErrorsWithEnvelope } from './platform/web/client-errors';
import { outlastClientIdleLimits } from './platform/web/keep-alive';
import { legacyRedirects } from './platform/web/legacy-redirects';
import { tolerateMalformedEscapes } from './platform/web/malformed-escapes';
import { precompressedAssets } from './platform/web/precompressed-assets';
import { publicFiles } from './platform/web/public-files';
import { readOnlyAssets } from './platform/web/read-only-assets';
import { securityHeaders } from './platform/web/security-headers';

/** Builds the HTTP app (not yet listening): security headers, redirects, static assets, routes. */
export async function createApi(config: AppConfig, options: { extraModules?: Type[] } = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(ApiModule.forRoot(config, options.extraModules), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(new QuietStartupLogger(app.get(Logger)));
  answerClientErrorsWithEnvelope(app.getHttpServer());
  outlastClientIdleLimits(app.getHttpServer());
  app.disable('x-powered-by');
  // Only the configured proxies' X-Forwarded-For counts; with none, req.ip is the connection's peer.
  app.set('trust proxy', config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY : false);
  app.set('query parser', 'simple');
  for (const handler of securityHeaders(config)) app.use(handler);
  app.use(canonicalHost(config.PUBLIC_URL));
  app.use(tolerateMalformedEscapes);
  app.use(legacyRedirects);
  if (standIns(config).localSignIn) app.use(sessionRefresher(app.get(LocalIdentity, { strict: false }), rootLogger()));
  // Pages and server-function answers; built assets come precompressed and are left alone. Brotli
  // quality 3, not the middleware's 4: half the CPU per page rendered per visit (0.4 ms, not 0.75,
  // for the 90 kB home page) for 4% more bytes, still fewer than gzip's.
  app.use(compression({ brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 3 } } }));
  const client = resolve(config.WEB_DIST, 'client');
  app.use('/assets', readOnlyAssets);
  app.use('/assets', precompressedAssets(resolve(client, 'assets')));
  app.useStaticAssets(resolve(client, 'assets'), { prefix: '/assets/', index: false, immutable: true, maxAge: '365d', fallthrough: false });
  app.use(publicFiles(client, { maxAge: '1h', skip: ['assets'] }));
  app.enableShutdownHooks();
  return app;
}
