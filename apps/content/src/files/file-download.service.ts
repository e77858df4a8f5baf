import type { FileDownload, FileDownloadInput } from '@bindery/contracts';
import { forbidden, notFound } from '@bindery/platform';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { DownloadSigner } from './download-signer';
import { FILE_STORAGE, type FileStorage } from '../store/file-storage/file-storage';

/** Serves the bytes behind a signed download URL; the signature is the only authorisation. */
@Injectable()
export class FileDownloadService {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly signer: DownloadSigner,
    private readonly clock: Clock,
  ) {}

  async download(input: FileDownloadInput): Promise<FileDownload> {
    const refused = this.signer.check(
      { hash: input.hash, contentType: input.contentType, expires: input.expires },
      input.signature,
      this.clock.now(),
    );
    if (refused === 'bad-signature') throw forbidden('The download URL signature is invalid');
    if (refused === 'expired') throw forbidden('The download URL has expired; read the file again for a fresh one');
    const bytes = await this.storage.get(input.hash);
    if (!bytes) throw notFound('No matching file found');
    return { contentType: input.contentType, base64: bytes.toString('base64') };
  }
}
