import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { ContentEnv } from '../config/content.env';
import { AddressPolicy } from '@bindery/platform';
import { DownloadSigner } from './download-signer';
import { FILE_FETCH, type FileFetchConfig } from './file-fetch';
import { FileIntake } from './file-intake';
import { FileDownloadService } from './file-download.service';
import { FilesHandler } from './files.handler';
import { FILE_STORAGE } from '../store/file-storage/file-storage';
import { storageFromEnv } from '../store/file-storage/storage-from-env';

/** File bytes (storage backend chosen by the environment), their intake (inline or fetched) and their signed downloads. */
@Global()
@Module({})
export class FilesModule {
  static forRoot(env: ContentEnv): DynamicModule {
    return {
      module: FilesModule,
      controllers: [FilesHandler],
      providers: [
        { provide: FILE_STORAGE, useValue: storageFromEnv(env) },
        { provide: DownloadSigner, useValue: new DownloadSigner(env.FILE_URL_SECRET) },
        {
          provide: FILE_FETCH,
          useValue: {
            policy: AddressPolicy.fromList(env.FETCH_ALLOW_PRIVATE_HOSTS),
            batchTimeoutMs: env.FETCH_TIMEOUT_MS,
          } satisfies FileFetchConfig,
        },
        FileDownloadService,
        FileIntake,
      ],
      exports: [FILE_STORAGE, DownloadSigner, FileIntake],
    };
  }
}
