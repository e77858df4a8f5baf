import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { runMigrations } from '../database/service-data-source';
import { watchPool } from '../metrics/pool-usage';

export interface ServiceDatabaseOptions {
  schema: string;
  createDataSource: () => DataSource;
  /** Apply pending migrations before the service answers (true for services, false for tools). */
  migrateOnStart: boolean;
}

/** Closes the pool when the app shuts down, so a stopping service releases its connections. */
class DataSourceCloser implements OnApplicationShutdown {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}
  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

/** Provides the service's DataSource (its own schema and role) for injection by class. */
@Global()
@Module({})
export class ServiceDatabaseModule {
  static forRoot(options: ServiceDatabaseOptions): DynamicModule {
    return {
      module: ServiceDatabaseModule,
      providers: [
        {
          provide: DataSource,
          useFactory: async () => {
            const dataSource = options.createDataSource();
            await dataSource.initialize();
            if (options.migrateOnStart) await runMigrations(dataSource, options.schema);
            watchPool(dataSource);
            return dataSource;
          },
        },
        DataSourceCloser,
      ],
      exports: [DataSource],
    };
  }
}
