import { Module } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { PaymentsModule } from '../payments/payments.module';
import { LicenseKeysServerFns } from './license-keys.server-fns';
import { LicenseLookup } from './license-lookup';
import { LicenseValidateController } from './license-validate.controller';
import { ValidationLog } from './validation-log';

/** The API the Obsidian plugin calls: license admission (admission-v1), and later credits. */
@Module({
  imports: [PaymentsModule],
  controllers: [LicenseValidateController],
  providers: [
    LicenseKeysServerFns,
    { provide: LicenseLookup, inject: [MikroORM], useFactory: (orm: MikroORM) => new LicenseLookup(orm) },
    { provide: ValidationLog, inject: [MikroORM], useFactory: (orm: MikroORM) => new ValidationLog(orm) },
  ],
  exports: [LicenseLookup, ValidationLog],
})
export class PluginApiModule {}
