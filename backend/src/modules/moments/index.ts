/** The moments module's public surface: the app imports only this. */
export { MomentsModule } from './moments.module';
