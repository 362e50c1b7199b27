import { Injectable } from '@nestjs/common';
import { getServiceStatus } from '../../../../contracts/status.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import { ReadinessService } from '../../platform/health/readiness.service';

type Status = ServerFnOutput<typeof getServiceStatus>;

/** The public status page's data: what a customer would notice, not our internals. */
@Injectable()
export class StatusServerFns {
  constructor(private readonly readiness: ReadinessService) {}

  @ServerFn(getServiceStatus)
  async getServiceStatus(): Promise<Status> {
    const { checks } = await this.readiness.check();
    const components: Status['components'] = [
      {
        id: 'website',
        name: 'Website and docs',
        description: 'Pages, documentation and this status page.',
        status: 'operational',
      },
      {
        id: 'accounts-and-orders',
        name: 'Accounts, checkout and licenses',
        description: 'Sign-in, purchases, the dashboard and license checks from the plugin.',
        status: checks.postgres.ok ? 'operational' : 'outage',
      },
      {
        id: 'background-jobs',
        name: 'Fulfilment and email',
        description: 'Payment fulfilment, receipts and reminders.',
        status: checks.redis.ok ? 'operational' : 'outage',
      },
    ];
    return {
      overall: components.every((c) => c.status === 'operational') ? 'operational' : 'degraded',
      checkedAt: new Date().toISOString(),
      components,
    };
  }
}
