import {
  areaCycles,
  areaOf,
  castStreamReads,
  describeCycle,
  groundFloorImportsAbove,
  type SourceFile,
  sqlReport,
  sqlStrings,
  sqlViolations,
  tableOwners,
} from './architecture-checks';

describe('areas', () => {
  it('are a module, an integration or an emulator by its folder, else the top-level folder, else a composition root of its own', () => {
    expect(areaOf('modules/licenses/commands/grant-license.handler.ts')).toBe('modules/licenses');
    expect(areaOf('integrations/stripe/webhooks/stripe-webhook-log.ts')).toBe('integrations/stripe');
    expect(areaOf('emulators/identity/local-identity.ts')).toBe('emulators/identity');
    expect(areaOf('platform/web/ssr-renderer.ts')).toBe('platform');
    expect(areaOf('app.module.ts')).toBe('app.module.ts');
  });
});

describe('the module-cycle check', () => {
  it('passes a graph whose imports all point one way', () => {
    expect(areaCycles(layered)).toEqual([]);
  });

  it('fails on a planted cycle, naming its areas and the imports (file → file) that close it', () => {
    const cycles = areaCycles([...layered, file('modules/licenses/licenses.queries.ts', "import { CheckoutQueries } from '../checkout';")]);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]!.areas).toEqual(['modules/checkout', 'modules/licenses']);
    expect(describeCycle(cycles[0]!)).toBe(
      [
        'cycle among modules/checkout, modules/licenses',
        '  modules/checkout → modules/licenses:',
        '    modules/checkout/commands/complete-checkout.handler.ts → modules/licenses/index.ts',
        '  modules/licenses → modules/checkout:',
        '    modules/licenses/licenses.queries.ts → modules/checkout/index.ts',
      ].join('\n'),
    );
  });

  it('counts an `import type`, one spread over lines, an `export … from` and a dynamic import', () => {
    for (const closing of [
      "import type { PurchaseEvent } from '../checkout';",
      "import type {\n  PurchaseEvent,\n  PurchaseState,\n} from '../checkout';",
      "export { PurchaseEvent } from '../checkout';",
      "const checkout = await import('../checkout');",
    ]) {
      expect(areaCycles([...layered, file('modules/licenses/licenses.queries.ts', closing)]).map((cycle) => cycle.areas)).toEqual([
        ['modules/checkout', 'modules/licenses'],
      ]);
    }
  });

  it('finds a cycle through the ground floor, and one through three areas', () => {
    const ground = [
      file('events/event-store.ts', "import { AppError } from '../platform/common/app-error';"),
      file('platform/common/app-error.ts', "import type { ServerFnContext } from '../../server-fn/server-fn-context';"),
      file('server-fn/server-fn-context.ts', "import { metadataFor } from '../events/metadata-for';"),
      file('events/metadata-for.ts', ''),
    ];
    const [cycle] = areaCycles(ground);
    expect(cycle!.areas).toEqual(['events', 'platform', 'server-fn']);
    expect(cycle!.hops.map((hop) => `${hop.from} → ${hop.to}`)).toEqual(['events → platform', 'platform → server-fn', 'server-fn → events']);
  });

  it('leaves out the imports of an allowed registry, and of tests', () => {
    const viaEmail = [
      ...layered,
      file('modules/email/email-kinds.ts', "import { licenseEmails } from '../licenses';"),
      file('modules/licenses/licenses.module.ts', "import { EmailModule } from '../email';"),
      file('modules/email/index.ts', ''),
      file('modules/licenses/licenses.spec.ts', "import { x } from '../checkout';"),
    ];
    expect(areaCycles(viaEmail, ['modules/email'])).toEqual([]);
    expect(areaCycles(viaEmail).map((cycle) => cycle.areas)).toEqual([['modules/email', 'modules/licenses']]);
  });
});

describe('the ground-floor check', () => {
  it('passes a ground floor that imports only itself, packages and contracts', () => {
    expect(groundFloorImportsAbove(layered)).toEqual([]);
  });

  it('fails on a planted import of a module, an integration or an emulator, type imports included', () => {
    const planted = [
      ...layered,
      file('platform/web/ssr-renderer.ts', "import type { StripeClient } from '../../integrations/stripe';"),
      file('server-fn/server-fn.module.ts', "import { OutboxModule } from '../emulators/outbox/outbox.module';"),
      file('events/projector-runner.ts', "import { LicenseEvent } from '../modules/licenses';"),
    ];
    expect(groundFloorImportsAbove(planted).map((i) => `${i.from} → ${i.to}`)).toEqual([
      'platform/web/ssr-renderer.ts → integrations/stripe.ts',
      'server-fn/server-fn.module.ts → emulators/outbox/outbox.module.ts',
      'events/projector-runner.ts → modules/licenses/index.ts',
    ]);
  });
});

describe('the SQL-string check', () => {
  it('tells SQL statements from prose and from a builder’s table names', () => {
    const source = [
      "const a = 'select id from rm_licenses where user_id = $1';",
      'const b = `insert into admin_sessions (id) values ($1)`;',
      "const c = 'update rm_licenses set revoked = true';",
      "const d = 'delete from rm_licenses';",
      "const e = 'Select a plan from the list below.';",
      "const f = db.selectFrom('rm_licenses').selectAll();",
      'const g = sql`exists (select 1 from rm_purchases p where p.user_id = ${id})`;',
      "// 'select id from rm_commented_out'",
    ].join('\n');
    expect(sqlStrings(source)).toEqual([
      'select id from rm_licenses where user_id = $1',
      'insert into admin_sessions (id) values ($1)',
      'update rm_licenses set revoked = true',
      'delete from rm_licenses',
      'exists (select 1 from rm_purchases p where p.user_id = ${id})',
    ]);
  });

  it('knows each table’s module from the entities file that declares it', () => {
    expect(tableOwners(tables)).toEqual(
      new Map([
        ['rm_licenses', 'modules/licenses'],
        ['rm_purchases', 'modules/checkout'],
      ]),
    );
  });

  it('passes a module reading its own table, with a comment saying why', () => {
    const own = file(
      'modules/licenses/license-search.ts',
      `// SQL strings: a full-text search Kysely cannot type.\nconst q = 'select id from rm_licenses where key_hint = $1';`,
    );
    expect(sqlViolations(sqlReport([...tables, own]))).toEqual([]);
  });

  it('fails on a planted cross-module SQL read, naming the file, the table and its owner', () => {
    const planted = file(
      'modules/admin/account.queries.ts',
      `// SQL strings: one page reads many tables.\nconst q = 'select * from rm_purchases where user_id = $1';`,
    );
    expect(sqlViolations(sqlReport([...tables, planted]))).toEqual([
      "modules/admin/account.queries.ts names rm_purchases, a table of modules/checkout, in a SQL string: read it through modules/checkout's exported reads",
    ]);
  });

  it('fails on SQL strings without a comment saying why', () => {
    const bare = file('modules/licenses/license-search.ts', "const q = 'select id from rm_licenses where key_hint = $1';");
    expect(sqlViolations(sqlReport([...tables, bare]))).toEqual([
      'modules/licenses/license-search.ts holds SQL strings without a comment saying why (// SQL strings: …)',
    ]);
  });

  it('fails on a third module file holding SQL strings, and leaves out tests and files outside modules', () => {
    const sql = (path: string) => file(path, `// SQL strings: measured faster.\nconst q = 'select id from rm_licenses where id = $1';`);
    const two = [sql('modules/licenses/a.ts'), sql('modules/licenses/b.ts'), sql('modules/licenses/a.spec.ts'), sql('platform/health/readiness.ts')];
    expect(sqlViolations(sqlReport([...tables, ...two]))).toEqual([]);
    expect(sqlViolations(sqlReport([...tables, ...two, sql('modules/licenses/c.ts')]))).toEqual([
      '3 module files hold SQL strings (at most 2): modules/licenses/a.ts, modules/licenses/b.ts, modules/licenses/c.ts',
    ]);
  });
});

describe('the untyped-stream-read check', () => {
  it('passes typed reads and reads that are not cast', () => {
    const typed = file(
      'modules/licenses/licenses.queries.ts',
      [
        'const state = fold(licenseDecider, await this.store.readStream(licenseStreamId(id), licenseDecider.events));',
        'const known = (await this.store.readStream(streamId, disputeDecider.events)).length > 0;',
        '/** Never `(await store.readStream(id)) as unknown as LicenseEvent[]`. */',
      ].join('\n'),
    );
    expect(castStreamReads([typed])).toEqual([]);
  });

  it('fails on a planted cast of a read, naming the file and line', () => {
    const planted = file(
      'modules/licenses/licenses.queries.ts',
      'const a = 1;\nconst events = (await this.store.readStream(licenseStreamId(id))) as unknown as LicenseEvent[];',
    );
    expect(castStreamReads([planted])).toEqual([
      {
        path: 'modules/licenses/licenses.queries.ts',
        line: 2,
        text: 'const events = (await this.store.readStream(licenseStreamId(id))) as unknown as LicenseEvent[];',
      },
    ]);
  });

  it('fails on a cast of the variable holding a read, or of the loop variable walking it', () => {
    const throughVariable = file(
      'modules/preferences/email-preferences.ts',
      'const events = await this.store.readStream(id);\nreturn fold(decider, events as unknown as E[]);',
    );
    const throughLoop = file(
      'events/command-runner.ts',
      'const history = await store.readStreamRecords(streamId);\nfor (const event of history) {\n  state = decider.evolve(state, event as unknown as Event);\n}',
    );
    expect(castStreamReads([throughVariable, throughLoop]).map((read) => `${read.path}:${read.line}`)).toEqual([
      'modules/preferences/email-preferences.ts:2',
      'events/command-runner.ts:3',
    ]);
  });
});

function file(path: string, source: string): SourceFile {
  return { path, source };
}

/** A small tree whose imports point one way: licenses ← checkout, both on the ground floor. */
const layered: SourceFile[] = [
  file('events/event-store.ts', "import { AppError } from '../platform/common/app-error';\nimport type { Pool } from 'pg';"),
  file('platform/common/app-error.ts', "import type { Envelope } from '../../../../contracts/server-fn';"),
  file('server-fn/server-fn.invoker.ts', "import { AppError } from '../platform/common/app-error';\nimport { metadataFor } from '../events/metadata-for';"),
  file('events/metadata-for.ts', ''),
  file('modules/licenses/index.ts', "export { LicenseQueries } from './licenses.queries';"),
  file('modules/licenses/licenses.queries.ts', "import { EventStore } from '../../events/event-store';"),
  file('modules/checkout/index.ts', "export { CompleteCheckout } from './commands/complete-checkout.handler';"),
  file(
    'modules/checkout/commands/complete-checkout.handler.ts',
    "import { GrantLicense } from '../../licenses';\nimport { runCommand } from '../../../events/command-runner';",
  ),
  file('app.module.ts', "import { CheckoutModule } from './modules/checkout';\nimport { LicensesModule } from './modules/licenses';"),
];

const tables: SourceFile[] = [
  file('modules/licenses/projections/licenses.entities.ts', "export const License = defineEntity({ name: 'License', tableName: 'rm_licenses' });"),
  file('modules/checkout/projections/purchases.entities.ts', "export const Purchase = defineEntity({\n  name: 'Purchase',\n  tableName: 'rm_purchases',\n});"),
];
