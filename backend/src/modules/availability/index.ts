/** The availability module's public surface: other modules, the app and the CLI import only this. */
export { NotAHostError } from './availability.errors';
export { HostAvailabilityChanged, hostAvailabilityStreamId } from './availability.events';
export { OpenHostAvailability } from './commands/open-host-availability.handler';
export { type Busy, offersStart, openSlots } from './open-slots';
export { AvailabilityModule } from './availability.module';
export type { AvailabilityTables } from './projections/availability.entity';
