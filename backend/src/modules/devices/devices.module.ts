import { Module, type OnModuleInit } from '@nestjs/common';
import { EventRegistry } from '../../events/event-registry';
import { StreamKinds } from '../../events/stream-kinds';
import { ProjectorRegistry } from '../../events/projector-registry';
import { LicensesModule } from '../licenses';
import { ActivateDeviceHandler } from './commands/activate-device.handler';
import { ReleaseDeviceHandler } from './commands/release-device.handler';
import { SeenDevices } from './commands/seen-devices';
import { deviceEvents } from './devices.events';
import { LicenseDevicesServerFns } from './devices.server-fns';
import { LicenseDevicesProjector } from './projections/license-devices.projector';
import { deviceStreamKinds } from './devices.stream-kinds';

/** The devices a license's keys are active on: activations and releases, their read model, the dashboard's list. */
@Module({
  imports: [LicensesModule],
  providers: [LicenseDevicesServerFns, SeenDevices, ActivateDeviceHandler, ReleaseDeviceHandler],
})
export class DevicesModule implements OnModuleInit {
  constructor(
    private readonly streamKinds: StreamKinds,
    private readonly events: EventRegistry,
    private readonly projectors: ProjectorRegistry,
  ) {}

  onModuleInit(): void {
    this.events.register(...deviceEvents);
    this.streamKinds.add(...deviceStreamKinds);
    this.projectors.register(new LicenseDevicesProjector());
  }
}
