import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { ContentEnv } from '../config/content.env';
import { DownloadSigner } from './download-signer';
import { FileDownloadService } from './file-download.service';
import { FilesHandler } from './files.handler';
import { FILE_STORAGE } from './storage/file-storage';
import { storageFromEnv } from './storage/storage-from-env';

/** File bytes (storage backend chosen by the environment) and their signed downloads. */
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
        FileDownloadService,
      ],
      exports: [FILE_STORAGE, DownloadSigner],
    };
  }
}
