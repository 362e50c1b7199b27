import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { getDownloadProblem } from '../../../../../contracts/library/download-problems.contract';
import type { ServerFnOutput } from '../../../../../contracts/server-fn';
import { ServerFn } from '../../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../../server-fn/server-fn-context';
import { DownloadChecks } from './download-check';

/** The page at a download link's address, when the link does not work for this visitor: why. */
@Injectable()
export class DownloadProblemServerFns {
  constructor(private readonly checks: DownloadChecks) {}

  @ServerFn(getDownloadProblem)
  async getDownloadProblem({ token }: z.output<typeof getDownloadProblem.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof getDownloadProblem>> {
    const check = await this.checks.check(token, context);
    return check.ok ? null : { problem: check.problem, resourceId: check.resourceId };
  }
}
