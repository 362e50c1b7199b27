/** The dashboard module's public surface: other modules, the app and the CLI import only this. */
export { DashboardModule } from './dashboard.module';
