import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ReadinessService } from './readiness.service';

@Controller()
export class HealthController {
  constructor(private readonly readiness: ReadinessService) {}

  /** Liveness: the process is up and its event loop answers. */
  @Get('healthz')
  live(@Res() res: Response): void {
    res.setHeader('cache-control', 'no-store');
    res.json({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) });
  }

  /** Readiness: Postgres and Redis both answer; 503 otherwise so a balancer stops sending traffic. */
  @Get('readyz')
  async ready(@Res() res: Response): Promise<void> {
    const report = await this.readiness.check();
    res.setHeader('cache-control', 'no-store');
    res.status(report.ready ? 200 : 503).json({ status: report.ready ? 'ready' : 'not-ready', ...report.checks });
  }
}
