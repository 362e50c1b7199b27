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
    // an integration through its index.ts, from a module, the app's wiring or an emulator; and inside itself, anything
    at('modules/booking/session-checkout.ts', "import type { StripeClient } from '../../integrations/stripe';"),
    at('modules/booking/session-checkout.ts', "import { StripeClient } from '../../integrations/stripe/index';"),
    at('app.module.ts', "import { StripeModule } from './integrations/stripe';"),
    at('emulators/stripe/emulator-webhooks.ts', "import { StripeEventHandlers } from '../../integrations/stripe';"),
    at('integrations/stripe/jobs/stripe-webhooks.processor.ts', "import { StripeWebhookLog } from '../webhooks/stripe-webhook-log';"),
    // an integration uses modules through their index.ts, and the ground floor
    at('integrations/stripe/stripe-facts.ts', "import { PurchaseCompleted } from '../../modules/checkout';"),
    at('integrations/stripe/stripe-webhook.controller.ts', "import { EventStore } from '../../events/event-store';"),
    // the ground floor uses itself, downwards
    at('server-fn/request-context.ts', "import { acceptedCorrelationId } from '../events/metadata-for';"),
    at('server-fn/in-process-server-fns.ts', "import type { PageServerFns } from '../platform/web/page-server-fns';"),
    // composition roots, the CLI and the emulators themselves may mount emulators
    at('app.module.ts', "import { OutboxModule } from './emulators/outbox/outbox.module';"),
    at('api.ts', "import { LocalIdentity } from './emulators/identity/local-identity';"),
    at('cli/seed.ts', "import { StripeEmulatorModule } from '../emulators/stripe/stripe-emulator.module';"),
    at('emulators/stripe/hosted-checkout.ts', "import { signInPage } from '../identity/local-identity';"),
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
    // (b) the ground floor importing a module, an integration or an emulator, even through its index.ts, even a type
    refused('events/event-store.ts', "import { Booking } from '../modules/booking';", 'groundFloorImportsAbove'),
    refused('server-fn/registry.ts', "import { Booking } from '../modules/booking/booking.service';", 'groundFloorImportsAbove'),
    refused('platform/database/entities.ts', "import { CatalogEntity } from '../../modules/catalog';", 'groundFloorImportsAbove'),
    refused('platform/web/ssr-renderer.ts', "import type { StripeClient } from '../../integrations/stripe';", 'groundFloorImportsAbove'),
    refused('events/projector-runner.ts', "import { StripeRecords } from '../integrations/stripe/stripe-records';", 'groundFloorImportsAbove'),
    refused('server-fn/server-fn.module.ts', "import { Outbox } from '../emulators/outbox/outbox.module';", 'groundFloorImportsAbove'),
    refused('platform/boot/start.ts', "export { LocalIdentity } from '../../emulators/identity/local-identity';", 'groundFloorImportsAbove'),
    // (c) a module or an integration importing an emulator
    refused('modules/auth/auth.module.ts', "import { LocalIdentity } from '../../emulators/identity/local-identity';", 'emulatorImported'),
    refused('modules/email/email.module.ts', "import { Outbox } from '../../emulators/outbox';", 'emulatorImported'),
    refused(
      'modules/checkout/commands/open-checkout.handler.ts',
      "import type { EmulatorStore } from '../../../emulators/stripe/emulator-store';",
      'emulatorImported',
    ),
    refused(
      'integrations/stripe/stripe-client.ts',
      "import { StripeEmulatorModule } from '../../emulators/stripe/stripe-emulator.module';",
      'emulatorImported',
    ),
    // (d) reaching into an integration's files, from anywhere outside it
    refused('modules/booking/session-checkout.ts', "import type { StripeClient } from '../../integrations/stripe/stripe-client';", 'internals'),
    refused('modules/subscriptions/plans/plan-changes.ts', "import { PriceBook } from '../../../integrations/stripe/price-book';", 'internals'),
    refused('app.module.ts', "import { StripeWebhookJobsModule } from './integrations/stripe/jobs/stripe-webhook-jobs.module';", 'internals'),
    refused('emulators/stripe/emulator-webhooks.ts', "import { StripeWebhookLog } from '../../integrations/stripe/webhooks/stripe-webhook-log';", 'internals'),
    refused('integrations/paypal/paypal-client.ts', "import { StripeClient } from '../stripe/stripe-client';", 'internals'),
  ],
});
