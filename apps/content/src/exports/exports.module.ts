import { type DynamicModule, Module } from '@nestjs/common';
import { ChangeRequestsModule } from '../change-requests/change-requests.module';
import type { ContentEnv } from '../config/content.env';
import { RevisionsModule } from '../store/revisions.module';
import { SpacesModule } from '../spaces/spaces.module';
import { PdfExportHandler } from './pdf-export.handler';
import { PdfExportService } from './pdf-export.service';
import { PDF_RENDER_LIMITS, PdfRenderPool, type PdfRenderLimits } from './pdf-render-pool';

/** Exports of content to other formats: PDF of a space or a change request, through signed URLs. */
@Module({})
export class ExportsModule {
  static forRoot(env: ContentEnv): DynamicModule {
    const limits: PdfRenderLimits = {
      concurrency: env.PDF_RENDER_CONCURRENCY,
      queue: env.PDF_RENDER_QUEUE,
      memoryMb: env.PDF_RENDER_MEMORY_MB,
      timeoutMs: env.PDF_RENDER_TIME_LIMIT_MS,
    };
    return {
      module: ExportsModule,
      imports: [ChangeRequestsModule, RevisionsModule, SpacesModule],
      controllers: [PdfExportHandler],
      providers: [{ provide: PDF_RENDER_LIMITS, useValue: limits }, PdfRenderPool, PdfExportService],
    };
  }
}
