import type { z } from 'zod';
import type { ErrorIssue } from '../../../../contracts/server-fn';

/** zod issues as the error envelope carries them: path, message and zod's code, or a custom check's own (`params.code`). */
export function toErrorIssues(error: z.ZodError): ErrorIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment)),
    message: issue.message,
    code: issue.code === 'custom' && typeof issue.params?.code === 'string' ? issue.params.code : issue.code,
  }));
}
