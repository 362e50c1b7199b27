import { configSchema, type AppConfig } from './config.schema';
import { productionProblems } from './production-mode';

/** Bad configuration, one line per problem, each line naming its variable. */
export class ConfigError extends Error {
  constructor(
    readonly problems: string[],
    heading = 'Invalid configuration',
  ) {
    super(problems.map((p) => `${heading}: ${p}`).join('\n'));
    this.name = 'ConfigError';
  }
}

/** Reads the environment once; a bad value, or an unsafe one in production, names the variable and what is wrong with it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) {
    const unsafe = productionProblems(parsed.data);
    if (unsafe.length > 0) throw new ConfigError(unsafe, 'Refusing to start in production');
    return parsed.data;
  }
  const problems = parsed.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const value = typeof issue.path[0] === 'string' ? env[issue.path[0]] : undefined;
    return `${name}${value === undefined ? '' : `=${JSON.stringify(value)}`}: ${issue.message}`;
  });
  throw new ConfigError(problems);
}
