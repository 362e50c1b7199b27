import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import { mikroOrmConfig } from './mikro-orm.config';

@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  /** The ORM over the entities the app lists (platform/ knows no module). */
  static forRoot(entities: Options['entities']): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [{ provide: MikroORM, inject: [APP_CONFIG], useFactory: (config: AppConfig) => MikroORM.init(mikroOrmConfig(config, entities)) }],
      exports: [MikroORM],
    };
  }

  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async onApplicationShutdown(): Promise<void> {
    await this.orm.close(true);
  }
}
