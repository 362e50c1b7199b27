import { Global, Module } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/config.schema';
import { loadSiteSecret, SITE_SECRET } from './site-secret';

/** The site's root secret (configured, or made once and kept in Postgres), for every module's tokens. */
@Global()
@Module({
  providers: [
    { provide: SITE_SECRET, inject: [APP_CONFIG, MikroORM], useFactory: (config: AppConfig, orm: MikroORM) => loadSiteSecret(orm, config.SITE_TOKEN_SECRET) },
  ],
  exports: [SITE_SECRET],
})
export class SecretsModule {}
