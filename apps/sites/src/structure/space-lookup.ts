import { ContentSubjects, type RequestContext, type Space } from '@bindery/contracts';
import { isAppError, notFound } from '@bindery/platform';
import { ServiceClient } from '@bindery/platform/nest';
import { Injectable } from '@nestjs/common';

/** Spaces come from content (which alone decides who sees one); a site only shows its organization's spaces. */
@Injectable()
export class SpaceLookup {
  constructor(private readonly services: ServiceClient) {}

  /** The space as the caller sees it; 404 when content hides it or it belongs to another organization. */
  async get(ctx: RequestContext, organizationId: string, spaceId: string, field = 'spaceId'): Promise<Space> {
    let space: Space;
    try {
      space = await this.services.send(ContentSubjects.spaceGet, ctx, { spaceId });
    } catch (error) {
      if (isAppError(error, 'not_found') || isAppError(error, 'forbidden')) throw notFound(`${field}: space ${spaceId} not found`);
      throw error;
    }
    if (space.organization !== organizationId || space.deletedAt) throw notFound(`${field}: space ${spaceId} not found`);
    return space;
  }
}

/** A URL path segment from a title: lower-case letters, digits and dashes (1..100). */
export function slugOf(title: string, fallback: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 90);
  return slug || fallback;
}

/** `base`, or `base-2`, `base-3`… whichever is not taken. */
export function uniquePath(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
