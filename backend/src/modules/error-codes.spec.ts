import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LOCAL_SIGN_IN_ERRORS } from '../../../contracts/auth/auth.contract';
import { serverFnContracts } from '../../../contracts';
import { transportErrorCodes } from '../../../contracts/server-fn';
import { ModuleError, type ModuleErrorStatics } from '../platform/common/module-error';

const BACKEND = join(__dirname, '..');

/** Codes a module can answer with that no server function's contract lists, and why. */
const NOT_IN_ANY_CONTRACT: Record<string, string> = {
  'admin.replay_exists': 'adminStartReplay gives every request a fresh replay id: the decider refuses a repeated RequestReplay, which no function sends',
  'admin.replay_not_running': 'met only by the replay worker completing or failing a replay',
  'admin.action_not_pending': 'met only by the support-actions worker completing or failing a refund',
  'license.device_limit': 'caught by the ActivateDevice handler and answered on the plugin API as license_rejected (device_limit)',
  'disputes.no_evidence': 'the evidence downloads (GET /admin/disputes/:id/evidence.pdf|html), an HTTP controller',
  'promotion.refused': 'the promotion decider refuses a checkout’s hold with it; no function holds one yet (codes reach checkout next, issue 28)',
  'tax_report.no_such_quarter': 'the tax report CSV download (GET /admin/tax-report/:quarter.csv), an HTTP controller',
  insufficient_credits: 'the internal credits API (POST /api/internal/credits/debit), an HTTP controller',
  license_rejected: 'the internal credits API (POST /api/internal/credits/debit), an HTTP controller',
  debits_not_configured: 'the internal credits API (POST /api/internal/credits/debit), an HTTP controller',
  unauthenticated: 'the internal credits API (POST /api/internal/credits/debit), an HTTP controller',
  'stripe.card_declined':
    'any Stripe card error no caller handled, answered by the transport (platform/common/stripe-refusal.ts); plan changes answer checkout.card_declined',
};

/** Codes contracts list that no module error class makes, and why. */
const NOT_FROM_A_MODULE: Record<string, string> = Object.fromEntries(
  LOCAL_SIGN_IN_ERRORS.map((code) => [code, 'the identity emulator answers local sign-in with Clerk’s own codes (emulators/identity)']),
);

const transport = new Set<string>([...transportErrorCodes, 'METHOD_NOT_ALLOWED', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE']);

const sourceFiles = (dir: string) =>
  (existsSync(join(BACKEND, dir)) ? readdirSync(join(BACKEND, dir), { recursive: true, encoding: 'utf8' }) : [])
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
    .map((file) => join(BACKEND, dir, file));

const errorFiles = [...sourceFiles('modules'), ...sourceFiles('integrations'), ...sourceFiles('platform')].filter((file) => file.endsWith('.errors.ts'));

type ErrorClass = (abstract new (...args: never[]) => ModuleError) & ModuleErrorStatics;
const errorClasses: Array<{ file: string; name: string; type: ErrorClass }> = errorFiles.flatMap((file) =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the errors files are found on disk, so they are loaded by path
  Object.entries(require(file) as Record<string, unknown>)
    .filter(
      (entry): entry is [string, ErrorClass] => typeof entry[1] === 'function' && entry[1].prototype instanceof ModuleError && Object.hasOwn(entry[1], 'code'),
    )
    .map(([name, type]) => ({ file: relative(BACKEND, file), name, type })),
);

const moduleCodes = new Set(errorClasses.map(({ type }) => type.code));
const contractCodes = new Set(serverFnContracts.flatMap((contract) => contract.errors));

describe('error codes: the modules’ error classes and the contracts’ errors lists', () => {
  it('finds the modules’ error classes', () => {
    expect(errorClasses.length).toBeGreaterThan(30);
  });

  it('every error class declares a code and an HTTP status', () => {
    const undeclared = errorClasses.filter(
      ({ type }) => typeof type.code !== 'string' || !Number.isInteger(type.status) || type.status < 400 || type.status > 599,
    );
    expect(undeclared.map(({ file, name }) => `${file}: ${name}`)).toEqual([]);
  });

  it('one code, one status, whichever class answers with it', () => {
    const statuses = new Map<string, Set<number>>();
    for (const { type } of errorClasses) statuses.set(type.code, (statuses.get(type.code) ?? new Set()).add(type.status));
    expect([...statuses].filter(([, seen]) => seen.size > 1).map(([code, seen]) => `${code}: ${[...seen].join(', ')}`)).toEqual([]);
  });

  it('every code a contract lists is the transport’s or one a module’s error class makes', () => {
    const unknown = [...contractCodes].filter((code) => !transport.has(code) && !moduleCodes.has(code) && !(code in NOT_FROM_A_MODULE));
    expect(unknown).toEqual([]);
  });

  it('every code a module makes is listed by some contract, or is allowed here with the reason', () => {
    const unlisted = [...moduleCodes].filter((code) => !transport.has(code) && !contractCodes.has(code) && !(code in NOT_IN_ANY_CONTRACT));
    expect(unlisted).toEqual([]);
  });

  it('keeps no stale exception', () => {
    expect(Object.keys(NOT_IN_ANY_CONTRACT).filter((code) => !moduleCodes.has(code) || contractCodes.has(code))).toEqual([]);
    expect(Object.keys(NOT_FROM_A_MODULE).filter((code) => !contractCodes.has(code) || moduleCodes.has(code))).toEqual([]);
  });

  it('modules declare their errors only in <m>.errors.ts, never with an inline code', () => {
    const inline = /\bextends (AppError|ModuleError)\b|\bnew (AppError|NotFoundError|ConflictError)\(/;
    const offenders = sourceFiles('modules').filter((file) => !file.endsWith('.errors.ts') && inline.test(readFileSync(file, 'utf8')));
    expect(offenders.map((file) => relative(BACKEND, file))).toEqual([]);
  });
});
