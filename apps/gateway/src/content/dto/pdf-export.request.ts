import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { ENTITY_ID } from '../../common/entity-id';
import { SignedGrantQuery } from './signed-grant.query';

/** An optional page id of the query, named in its error. */
const PAGE_ID = Matches(ENTITY_ID, { message: 'page must be a page id (letters, digits, "-" and "_")' });

/** Query of getSpacePDF and getChangeRequestPDF: the page scope of the export. */
export class PdfExportQuery {
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'only must be true or false' })
  only?: 'true' | 'false';

  @IsOptional()
  @IsString({ message: 'page must be a page id' })
  @PAGE_ID
  @MaxLength(64, { message: 'page must be at most 64 characters' })
  page?: string;
}

/** The signed grant carried by a PDF URL (see content's `pdf-grant.ts`). */
export class PdfDownloadQuery extends SignedGrantQuery {
  @Matches(ENTITY_ID, { message: 'space must be a space id' })
  @MaxLength(64)
  space!: string;

  @Matches(ENTITY_ID, { message: 'revision must be a revision id' })
  @MaxLength(64)
  revision!: string;

  @IsOptional()
  @Matches(ENTITY_ID, { message: 'changeRequest must be a change request id' })
  @MaxLength(64)
  changeRequest?: string;

  @IsOptional()
  @PAGE_ID
  @MaxLength(64)
  page?: string;

  @IsOptional()
  @IsIn(['true', 'false'], { message: 'only must be true or false' })
  only?: 'true' | 'false';
}
