import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { logger, notFound } from '@bindery/platform';
import { Injectable, type OnApplicationBootstrap, type Type } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { GatewayEnv } from '../config/gateway.env';
import { BINDERY_ADDITIONS } from './bindery-additions';
import { type BuiltDocument, buildApiDocument } from './build-document';
import type { OpenApiDocument } from './openapi-types';
import { controllerRoutes } from './registered-routes';
import { REFERENCE_SCRIPT } from './reference-page';
import { OFFICIAL_DOCUMENT, REFERENCE_ASSETS, VENDOR_DIR } from './vendor-files';

export interface ServedFile {
  body: Buffer;
  type: string;
  etag: string;
}

/**
 * Builds the API document once, when the application has registered its controllers: the
 * official operations the gateway's routes match, plus Bindery's additions. The merged official
 * document (~2 MB) is parsed, filtered and dropped; the answer is kept serialised.
 */
@Injectable()
export class ApiDocsService implements OnApplicationBootstrap {
  private document?: ServedFile;
  private readonly assets = new Map<string, ServedFile>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly env: GatewayEnv,
  ) {}

  onApplicationBootstrap(): void {
    const built = buildFromControllers(
      this.discovery.getControllers().map((wrapper) => wrapper.metatype as Type),
      this.env.PUBLIC_URL ?? '',
    );
    // The coverage test fails on these; in production they are worth a loud line, not a refusal to start.
    if (built.undocumented.length > 0) logger.error({ routes: built.undocumented }, 'routes missing from the API document');
    this.document = served(Buffer.from(JSON.stringify(built.document)), 'application/json; charset=utf-8');
  }

  openApiDocument(): ServedFile {
    if (!this.document) throw new Error('the API document is built when the application starts');
    return this.document;
  }

  asset(name: string): ServedFile {
    const asset = Object.hasOwn(REFERENCE_ASSETS, name) ? REFERENCE_ASSETS[name] : undefined;
    if (!asset) throw notFound(`No reference file named ${name}`);
    let file = this.assets.get(name);
    if (!file) {
      file = served(asset.vendored ? readFileSync(join(VENDOR_DIR, asset.file)) : Buffer.from(REFERENCE_SCRIPT), asset.type);
      this.assets.set(name, file);
    }
    return file;
  }
}

/** The document for these controllers (also what the coverage test checks). */
export function buildFromControllers(controllers: Type[], baseUrl: string): BuiltDocument {
  const official = JSON.parse(readFileSync(join(VENDOR_DIR, OFFICIAL_DOCUMENT), 'utf8')) as OpenApiDocument;
  return buildApiDocument(official, BINDERY_ADDITIONS, controllerRoutes(controllers), { baseUrl });
}

function served(body: Buffer, type: string): ServedFile {
  return { body, type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}
