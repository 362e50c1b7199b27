import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { ServerFnContract } from '../../../contracts/server-fn';
import { AUDITED_ADMIN_OPERATIONS } from '../../../contracts/admin/support-actions.contract';
import { ADMIN_ROUTE_METADATA, type AdminRouteDeclaration } from '../../../backend/src/server-fn/admin-route';
import { ProjectorRegistry } from '../../../backend/src/events/projector-registry';
import { ServerFnRegistry } from '../../../backend/src/server-fn/server-fn.registry';
import { startTestApi, type TestApi } from '../../support/test-api';

/**
 * The admin-operations spec: every admin server function and admin route the running app serves
 * declares who may run it and how it is audited, and nothing checks an admin role but the gate
 * that reads those declarations. A new admin endpoint without both fails here.
 */
const ROOT = join(__dirname, '..', '..', '..');
const BACKEND = join(ROOT, 'backend', 'src');

/** Controllers under /admin whose routes are not admin operations, and why. */
const NOT_OPERATIONS: Record<string, string> = {
  AdminSignInController: 'signs an admin in and out: it makes (or ends) an admin sign-in, it is not run by one',
};

/** Files that may ask who is an admin: the check itself, the gate every declaration goes through, and their wiring. */
const ADMIN_CHECKERS = new Set([
  'modules/auth/admin-access.ts',
  'modules/admin/admin-operation-gate.ts',
  'modules/admin/admin.module.ts',
  'modules/auth/admin-sign-in.controller.ts',
  'modules/auth/index.ts',
  'modules/auth/auth.module.ts',
  'modules/auth/auth.ts',
]);

/** The read models /admin/audit lists. */
const AUDIT_TABLES = new Set(['rm_support_audit', 'rm_admin_operations']);

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ env: { ADMIN_TOKEN: 'declarations-spec-admin-token-0123' } });
});
afterAll(() => api?.close());

const adminContractIds = new Set(
  readdirSync(join(ROOT, 'contracts', 'admin'))
    .filter((file) => file.endsWith('.contract.ts'))
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the admin contracts are found on disk, so they are loaded by path
    .flatMap((file) => Object.values(require(join(ROOT, 'contracts', 'admin', file)) as Record<string, unknown>))
    .filter((value): value is ServerFnContract => typeof value === 'object' && value !== null && 'id' in value && 'input' in value && 'method' in value)
    .map((contract) => contract.id),
);

/** An admin function by where its contract lives or by its name, whatever its handler declares. */
const isAdminFunction = (id: string) => adminContractIds.has(id) || /^admin[A-Z]/.test(id);

function routes(): Array<{ controller: string; route: string; declared: AdminRouteDeclaration | undefined }> {
  return api.app
    .get(DiscoveryService)
    .getControllers()
    .flatMap(({ metatype }) => {
      if (!metatype) return [];
      const base = String(Reflect.getMetadata(PATH_METADATA, metatype) ?? '');
      const prototype = metatype.prototype as Record<string, unknown>;
      return Object.getOwnPropertyNames(prototype)
        .filter((name) => name !== 'constructor')
        .map((name) => prototype[name])
        .filter((method): method is object => typeof method === 'function' && Reflect.hasMetadata(PATH_METADATA, method))
        .map((method) => {
          const path = `/${[base, String(Reflect.getMetadata(PATH_METADATA, method))].join('/')}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
          const verb = RequestMethod[Reflect.getMetadata(METHOD_METADATA, method) as RequestMethod];
          return {
            controller: metatype.name,
            route: `${verb} ${path}`,
            declared: Reflect.getMetadata(ADMIN_ROUTE_METADATA, method) as AdminRouteDeclaration | undefined,
          };
        });
    });
}

describe('every admin server function in the registry', () => {
  const registered = () => api.app.get(ServerFnRegistry).all();

  it('is found (the admin contracts and the admin* ids)', () => {
    expect(registered().filter(({ contract }) => isAdminFunction(contract.id)).length).toBeGreaterThanOrEqual(19);
  });

  it('declares its role and its audit', () => {
    const undeclared = registered()
      .filter(({ contract, admin }) => isAdminFunction(contract.id) && !admin)
      .map(({ contract }) => contract.id);
    expect(undeclared).toEqual([]);
  });

  it('that changes something is audited: only a GET may be declared as reads', () => {
    const unaudited = registered()
      .filter(({ contract, admin }) => admin?.audit.kind === 'reads' && contract.method !== 'GET')
      .map(({ contract }) => contract.id);
    expect(unaudited).toEqual([]);
  });

  it('that records its entry is one the audit log has words for', () => {
    const recorded = registered().filter(({ admin }) => admin?.audit.kind === 'recorded');
    expect(recorded.length).toBeGreaterThanOrEqual(3);
    const recordedRoutes = routes().filter(({ declared }) => declared?.audit === 'recorded');
    expect([...recorded.map(({ contract }) => contract.id), ...recordedRoutes.map(({ declared }) => declared!.name)].sort()).toEqual(
      [...AUDITED_ADMIN_OPERATIONS].sort(),
    );
  });

  it('that records its own entry names an event the audit log lists', () => {
    const audited = new Set(
      api.app
        .get(ProjectorRegistry)
        .all()
        .filter((projector) => projector.tables.some((table) => AUDIT_TABLES.has(table)))
        .flatMap((projector) => projector.eventTypes),
    );
    const ownEvents = registered().flatMap(({ contract, admin }) => (admin?.audit.kind === 'own-event' ? [[contract.id, admin.audit.event]] : []));
    expect(ownEvents.length).toBeGreaterThan(0);
    expect(ownEvents.filter(([, event]) => !audited.has(event!))).toEqual([]);
  });

  it('that only an owner may run is the ones the issue named, and no more by accident', () => {
    const owners = registered()
      .filter(({ admin }) => admin?.role === 'owner')
      .map(({ contract }) => contract.id)
      .sort();
    expect(owners).toEqual([
      'adminCloseTaxQuarter',
      'adminCreatePromotion',
      'adminEndPromotion',
      'adminGetTaxReport',
      'adminRedriveStripeEvent',
      'adminStartReplay',
      'adminSubmitDisputeEvidence',
    ]);
  });

  it('lists the refusals its role check answers with in its contract (FORBIDDEN; admin.owner_only for an owner’s)', () => {
    const unlisted = registered()
      .filter(
        ({ contract, admin }) => admin && (!contract.errors.includes('FORBIDDEN') || (admin.role === 'owner' && !contract.errors.includes('admin.owner_only'))),
      )
      .map(({ contract }) => contract.id);
    expect(unlisted).toEqual([]);
  });
});

describe('every admin route the app serves', () => {
  it('is found', () => {
    expect(routes().filter(({ route }) => / \/admin\//.test(route)).length).toBeGreaterThanOrEqual(3);
  });

  it('declares its role and its audit, unless it is the sign-in or sign-out', () => {
    const undeclared = routes()
      .filter(({ controller, route, declared }) => / \/admin(\/|$)/.test(route) && !declared && !(controller in NOT_OPERATIONS))
      .map(({ route }) => route);
    expect(undeclared).toEqual([]);
  });

  it('keeps no stale exception', () => {
    const served = new Set(routes().map(({ controller }) => controller));
    expect(Object.keys(NOT_OPERATIONS).filter((controller) => !served.has(controller))).toEqual([]);
  });

  it('replacing what customers download is the owner’s', () => {
    expect(routes().find(({ route }) => route === 'POST /admin/library/upload')?.declared).toMatchObject({ role: 'owner', audit: 'recorded' });
  });
});

describe('the admin role', () => {
  it('is asked for only by the gate that reads the declarations', () => {
    const sources = readdirSync(BACKEND, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'));
    const asking = sources
      .map((file) => ({ file: relative(BACKEND, join(BACKEND, file)), code: withoutComments(readFileSync(join(BACKEND, file), 'utf8')) }))
      .filter(({ file, code }) => !ADMIN_CHECKERS.has(file) && /\bAdminAccess\b|\bisAdmin\(|\.adminRole\b|\bassertOwner\(/.test(code))
      .map(({ file }) => file);
    expect(asking).toEqual([]);
  });
});

const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
