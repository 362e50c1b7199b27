import { Module } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { CatalogModule, CatalogQueries } from '../catalog';
import { LICENSE_SEALING_SECRET, LicensesModule } from '../licenses';
import { AnnualUpgradeOffers, PluginApiModule } from '../plugin-api';
import { DashboardQueries } from './dashboard.queries';
import { DashboardServerFns } from './dashboard.server-fns';

/** The customer's dashboard: reads across checkout, subscriptions, licenses and devices, and its seat actions. */
@Module({
  imports: [CatalogModule, LicensesModule, PluginApiModule],
  providers: [
    DashboardServerFns,
    {
      provide: DashboardQueries,
      inject: [MikroORM, CatalogQueries, LICENSE_SEALING_SECRET, AnnualUpgradeOffers],
      useFactory: (orm: MikroORM, catalog: CatalogQueries, secret: string, offers: AnnualUpgradeOffers) => new DashboardQueries(orm, catalog, secret, offers),
    },
  ],
})
export class DashboardModule {}
