import { Module } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { DevicesModule } from '../devices';
import { LicenseChanges, LicensesModule } from '../licenses';
import { KeyGate } from './key-gate';
import { LicenseLookup } from './license-lookup';
import { LicenseValidateController } from './license-validate.controller';
import { ValidationLog } from './validation-log';

/** The API the Obsidian plugin calls: license admission (admission-v1), and the key gate its other endpoints (credits) pass. */
@Module({
  imports: [LicensesModule, DevicesModule],
  controllers: [LicenseValidateController],
  providers: [
    KeyGate,
    { provide: LicenseLookup, inject: [MikroORM, LicenseChanges], useFactory: (orm: MikroORM, changes: LicenseChanges) => new LicenseLookup(orm, changes) },
    { provide: ValidationLog, inject: [MikroORM], useFactory: (orm: MikroORM) => new ValidationLog(orm) },
  ],
  exports: [KeyGate, LicenseLookup, ValidationLog],
})
export class PluginApiModule {}
