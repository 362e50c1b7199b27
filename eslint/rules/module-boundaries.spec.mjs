import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import rule from './module-boundaries.mjs';

const srcRoot = '/repo/backend/src';
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const at = (file, code, options = { srcRoot }) => ({ filename: `${srcRoot}/${file}`, code, options: [options] });
const refused = (file, code, messageId) => ({ ...at(file, code), errors: [{ messageId }] });

tester.run('module-boundaries', rule, {
  valid: [
    // another module through its index.ts, in every spelling
    at('modules/booking/booking.service.ts', "import { Auth } from '../auth';"),
    at('modules/booking/booking.service.ts', "import { Auth } from '../auth/index';"),
    at('modules/booking/booking.service.ts', "import { Auth } from '../auth/index.ts';"),
    at('modules/booking/commands/hold-slot.handler.ts', "import { Auth } from '../../auth';"),
    at('modules/booking/commands/hold-slot.handler.ts', "import { Auth } from '../../../modules/auth';"),
    at('modules/booking/booking.module.ts', "export { Auth } from '../auth';"),
    // anything inside its own module, however deep
    at('modules/booking/commands/hold-slot.handler.ts', "import { decide } from '../booking.decider';"),
    at('modules/booking/projections/bookings.projector.ts', "import { Hold } from '../commands/hold-slot.handler';"),
    // a module's own sub-folder named like another module is still its own
    at('modules/booking/commands/hold-slot.handler.ts', "import { x } from '../auth/x';"),
    // modules use the core, and the core uses itself
    at('modules/booking/booking.module.ts', "import { EventStore } from '../../events/event-store';"),
    at('platform/web/web.module.ts', "import { Config } from '../config/config';"),
    at('events/event-store.ts', "import { Db } from '../platform/database/db';"),
    // the app's wiring and the emulators may import modules; packages and contracts are not paths here
    at('app.module.ts', "import { BookingModule } from './modules/booking/booking.module';"),
    at('emulators/stripe/emulator-api.ts', "import { Checkout } from '../../modules/payments/checkout/checkout.service';"),
    at('modules/booking/booking.service.ts', "import { z } from 'zod'; import { x } from '../../../../contracts/booking.contract';"),
    // files outside backend/src (tests, frontend) are not checked
    {
      filename: '/repo/test/integration/booking.test.ts',
      code: "import { B } from '../../backend/src/modules/booking/booking.service';",
      options: [{ srcRoot }],
    },
  ],
  invalid: [
    // (a) reaching into another module's files
    refused('modules/booking/booking.service.ts', "import { Auth } from '../auth/auth';", 'internals'),
    refused('modules/booking/commands/hold-slot.handler.ts', "import { Auth } from '../../auth/auth';", 'internals'),
    refused('modules/booking/booking.module.ts', "import { C } from '../payments/checkout/checkout.service';", 'internals'),
    refused('modules/booking/booking.module.ts', "export * from '../auth/auth';", 'internals'),
    refused('modules/booking/booking.module.ts', "export { A } from '../auth/auth';", 'internals'),
    refused('modules/booking/booking.module.ts', "const m = await import('../auth/auth');", 'internals'),
    refused('modules/booking/booking.module.ts', "const m = require('../auth/auth');", 'internals'),
    refused('modules/booking/booking.module.ts', "import type { A } from '../auth/auth';", 'internals'),
    refused('modules/booking/booking.module.ts', "import m = require('../auth/auth');", 'internals'),
    // (b) the core importing a module, even through its index.ts
    refused('events/event-store.ts', "import { Booking } from '../modules/booking';", 'coreImportsModule'),
    refused('server-fn/registry.ts', "import { Booking } from '../modules/booking/booking.service';", 'coreImportsModule'),
    refused('platform/database/entities.ts', "import { CatalogEntity } from '../../modules/catalog';", 'coreImportsModule'),
    // (c) a module importing an emulator
    refused('modules/auth/auth.module.ts', "import { LocalIdentity } from '../../emulators/identity/local-identity';", 'emulatorFromModule'),
    refused('modules/email/email.module.ts', "import { Outbox } from '../../emulators/outbox';", 'emulatorFromModule'),
  ],
});
