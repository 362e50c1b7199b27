import { resolve } from 'node:path';
import type { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import compression from 'compression';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { ApiModule } from './app.module';
import { rootLogger } from './common/logger';
import { LocalIdentity } from './modules/auth/local-identity/local-identity';
import { sessionRefresher } from './modules/auth/local-identity/session-refresher';
import type { AppConfig } from './config/config.schema';
import { legacyRedirects } from './web/legacy-redirects';
import { precompressedAssets } from './web/precompressed-assets';
import { publicFiles } from './web/public-files';
import { securityHeaders } from './web/security-headers';

/** Builds the HTTP app (not yet listening): security headers, redirects, static assets, routes. */
export async function createApi(
  config: AppConfig,
  options: { extraModules?: Type[] } = {},
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(ApiModule.forRoot(config, options.extraModules), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.set('query parser', 'simple');
  for (const handler of securityHeaders(config)) app.use(handler);
  app.use(legacyRedirects);
  const identity = app.get(LocalIdentity, { strict: false });
  if (identity) app.use(sessionRefresher(identity, rootLogger()));
  // Pages and server-function answers; built assets come precompressed and are left alone.
  app.use(compression());
  const client = resolve(config.WEB_DIST, 'client');
  app.use('/assets', precompressedAssets(resolve(client, 'assets')));
  app.useStaticAssets(resolve(client, 'assets'), { prefix: '/assets/', index: false, immutable: true, maxAge: '365d', fallthrough: false });
  app.use(publicFiles(client, { maxAge: '1h', skip: ['assets'] }));
  app.enableShutdownHooks();
  return app;
}
