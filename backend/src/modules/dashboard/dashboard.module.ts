import { Module } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { CatalogModule, CatalogQueries } from '../catalog';
import { LICENSE_SEALING_SECRET, LicensesModule } from '../licenses';
import { DashboardQueries } from './dashboard.queries';
import { DashboardServerFns } from './dashboard.server-fns';

/** The customer's dashboard: reads across checkout, subscriptions, licenses and devices, and its seat actions. */
@Module({
  imports: [CatalogModule, LicensesModule],
  providers: [
    DashboardServerFns,
    {
      provide: DashboardQueries,
      inject: [MikroORM, CatalogQueries, LICENSE_SEALING_SECRET],
      useFactory: (orm: MikroORM, catalog: CatalogQueries, secret: string) => new DashboardQueries(orm, catalog, secret),
    },
  ],
})
export class DashboardModule {}
