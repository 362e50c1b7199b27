import { configSchema, type AppConfig } from './config.schema';
import { productionProblems } from './production-mode';

/** Bad configuration, one line per problem, each line naming its variable and never its value. */
export class ConfigError extends Error {
  constructor(
    readonly problems: string[],
    heading = 'Invalid configuration',
  ) {
    super(problems.map((p) => `${heading}: ${p}`).join('\n'));
    this.name = 'ConfigError';
  }
}

/** Reads the environment once; a bad value, or an unsafe one in production, names the variable and what is wrong with it (never the value). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) {
    const unsafe = productionProblems(parsed.data);
    if (unsafe.length > 0) throw new ConfigError(unsafe, 'Refusing to start in production');
    return parsed.data;
  }
  // The variable and what is wrong, never the value: a malformed secret is still a secret, and these lines reach logs.
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`);
  throw new ConfigError(problems);
}
