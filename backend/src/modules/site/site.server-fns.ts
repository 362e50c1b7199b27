import { Inject, Injectable } from '@nestjs/common';
import { getSiteInfo } from '../../../../contracts/site/site.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import { PLUGIN_FACTS } from './plugin-facts';

@Injectable()
export class SiteServerFns {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @ServerFn(getSiteInfo)
  getSiteInfo(): ServerFnOutput<typeof getSiteInfo> {
    return {
      name: 'SystemSculpt',
      publicUrl: new URL(this.config.PUBLIC_URL).origin,
      pluginName: PLUGIN_FACTS.name,
      pluginVersion: PLUGIN_FACTS.version,
      minimumObsidianVersion: PLUGIN_FACTS.minimumObsidianVersion,
      supportEmail: this.config.SUPPORT_EMAIL,
      analyticsMeasurementId: this.config.GA_MEASUREMENT_ID ?? null,
    };
  }
}
