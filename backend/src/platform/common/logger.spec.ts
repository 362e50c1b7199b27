import { loggerOptions, wantsPrettyLogs } from './logger';

describe('pretty or JSON logs', () => {
  it('is pretty at a terminal and JSON otherwise when LOG_PRETTY is unset', () => {
    expect(wantsPrettyLogs(undefined, true)).toBe(true);
    expect(wantsPrettyLogs(undefined, false)).toBe(false);
  });

  it('lets LOG_PRETTY force either way', () => {
    expect(wantsPrettyLogs(true, false)).toBe(true);
    expect(wantsPrettyLogs(false, true)).toBe(false);
  });

  it('uses pino-pretty only when pretty', () => {
    expect(loggerOptions({ LOG_LEVEL: 'info', LOG_PRETTY: undefined }, true).transport).toMatchObject({ target: 'pino-pretty' });
    expect(loggerOptions({ LOG_LEVEL: 'info', LOG_PRETTY: undefined }, false).transport).toBeUndefined();
    expect(loggerOptions({ LOG_LEVEL: 'debug', LOG_PRETTY: true }, false)).toMatchObject({ level: 'debug', transport: { target: 'pino-pretty' } });
  });
});
