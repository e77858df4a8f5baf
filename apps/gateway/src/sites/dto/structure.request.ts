import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { ENTITY_ID, IsEntityId } from '../../common/entity-id';
import { IsOptionalNonNull } from '../../common/is-optional-non-null';
import { PageQuery } from '../../common/page.query';
import { QueryBoolean, SiteParams } from './site.request';

export class SiteSpaceParams extends SiteParams {
  @IsEntityId()
  siteSpaceId!: string;
}
export class SectionParams extends SiteParams {
  @IsEntityId()
  siteSectionId!: string;
}
export class SectionGroupParams extends SiteParams {
  @IsEntityId()
  siteSectionGroupId!: string;
}
export class SectionGroupSectionParams extends SectionGroupParams {
  @IsEntityId()
  siteSectionId!: string;
}

export class ListSiteSpacesQuery extends PageQuery {
  @IsOptional()
  @IsString()
  @MaxLength(256)
  shareKey?: string;

  @IsOptional()
  @QueryBoolean()
  @IsBoolean({ message: 'default must be true or false' })
  default?: boolean;
}

export class ListSectionsQuery extends PageQuery {
  @IsOptional()
  @IsString()
  @MaxLength(256)
  shareKey?: string;
}

/** Path segment of a site space or section (1..100), without "/", "?", "#" or spaces. */
const PathSegment = (): PropertyDecorator => {
  const decorators = [
    IsString(),
    Length(1, 100, { message: 'path must be 1 to 100 characters' }),
    Matches(/^[^/?#\s]+$/, { message: 'path must not contain "/", "?", "#" or spaces' }),
  ];
  return (target, key) => decorators.forEach((d) => d(target, key));
};

/** A condition: string up to 1024 characters; null removes it (parsed by the sites service). */
const Condition = (): PropertyDecorator => {
  const decorators = [
    ValidateIf((_o: unknown, value: unknown) => value !== undefined && value !== null),
    IsString({ message: 'condition must be a string or null' }),
    MaxLength(1024, { message: 'condition must be at most 1024 characters' }),
  ];
  return (target, key) => decorators.forEach((d) => d(target, key));
};

/** Icon name (official Icon: up to 50 characters); null removes it. */
const Icon = (): PropertyDecorator => {
  const decorators = [
    ValidateIf((_o: unknown, value: unknown) => value !== undefined && value !== null),
    IsString({ message: 'icon must be a string or null' }),
    MaxLength(50, { message: 'icon must be at most 50 characters' }),
  ];
  return (target, key) => decorators.forEach((d) => d(target, key));
};

export class AddSiteSpaceRequest {
  @IsEntityId()
  spaceId!: string;

  @IsOptionalNonNull()
  @IsEntityId()
  sectionId?: string;
}

export class UpdateSiteSpaceRequest {
  @IsOptionalNonNull()
  @PathSegment()
  path?: string;

  @Condition()
  condition?: string | null;

  @IsOptionalNonNull()
  @IsEntityId()
  spaceId?: string;
}

class SiteSpacePointer {
  @IsIn(['site-space'], { message: 'type must be site-space' })
  type!: 'site-space';

  @IsEntityId()
  siteSpace!: string;
}
class SiteSpacePosition {
  @IsOptional()
  @IsObject({ message: 'before must be an object' })
  @ValidateNested()
  @Type(() => SiteSpacePointer)
  before?: SiteSpacePointer;

  @IsOptional()
  @IsObject({ message: 'after must be an object' })
  @ValidateNested()
  @Type(() => SiteSpacePointer)
  after?: SiteSpacePointer;
}
export class MoveSiteSpaceRequest {
  @IsOptionalNonNull()
  @IsObject({ message: 'position must be an object' })
  @ValidateNested()
  @Type(() => SiteSpacePosition)
  position?: SiteSpacePosition;
}

/** Section titles: official SiteSectionTitle, 2..128. */
const SectionTitle = (): PropertyDecorator => {
  const decorators = [IsString(), Length(2, 128, { message: 'title must be 2 to 128 characters' })];
  return (target, key) => decorators.forEach((d) => d(target, key));
};

export class AddSectionRequest {
  @IsEntityId()
  spaceId!: string;

  @IsOptional()
  @SectionTitle()
  title?: string;

  @Icon()
  icon?: string | null;

  @IsOptionalNonNull()
  @IsEntityId()
  siteSectionGroupId?: string;
}

export class UpdateSectionRequest {
  @IsOptionalNonNull()
  @SectionTitle()
  title?: string;

  @IsOptionalNonNull()
  @PathSegment()
  path?: string;

  @IsOptionalNonNull()
  @IsEntityId()
  defaultSiteSpace?: string;

  @Condition()
  condition?: string | null;

  @Icon()
  icon?: string | null;

  @ValidateIf((_o, value) => value !== undefined && value !== null)
  @IsString({ message: 'description must be a string or null' })
  @MaxLength(256, { message: 'description must be at most 256 characters' })
  description?: string | null;
}

class SectionPointer {
  @IsIn(['site-section'], { message: 'type must be site-section' })
  type!: 'site-section';

  @IsEntityId()
  siteSection!: string;
}
class SectionPosition {
  @IsOptional()
  @IsObject({ message: 'before must be an object' })
  @ValidateNested()
  @Type(() => SectionPointer)
  before?: SectionPointer;

  @IsOptional()
  @IsObject({ message: 'after must be an object' })
  @ValidateNested()
  @Type(() => SectionPointer)
  after?: SectionPointer;
}
export class MoveSectionRequest {
  @IsOptionalNonNull()
  @IsObject({ message: 'position must be an object' })
  @ValidateNested()
  @Type(() => SectionPosition)
  position?: SectionPosition;
}

/** Official SiteSectionGroupTitle: 1..100. */
const GroupTitle = (): PropertyDecorator => {
  const decorators = [IsString(), Length(1, 100, { message: 'title must be 1 to 100 characters' })];
  return (target, key) => decorators.forEach((d) => d(target, key));
};

export class AddSectionGroupRequest {
  @GroupTitle()
  title!: string;

  @Icon()
  icon?: string | null;

  @IsOptionalNonNull()
  @IsArray()
  @ArrayMaxSize(1000)
  @Matches(ENTITY_ID, { each: true, message: 'each value in sections must be a section id' })
  sections?: string[];

  @IsOptionalNonNull()
  @IsEntityId()
  parent?: string;
}

export class UpdateSectionGroupRequest {
  @IsOptionalNonNull()
  @GroupTitle()
  title?: string;

  @Icon()
  icon?: string | null;

  /** Official: another group of the site, or null for the root. */
  @ValidateIf((_o, value) => value !== undefined && value !== null)
  @IsEntityId()
  parentSectionGroupId?: string | null;
}

class GroupPointer {
  @IsIn(['site-section', 'site-section-group'], { message: 'type must be site-section or site-section-group' })
  type!: 'site-section' | 'site-section-group';

  @IsEntityId()
  id!: string;
}
class GroupPosition {
  @IsOptional()
  @IsObject({ message: 'before must be an object' })
  @ValidateNested()
  @Type(() => GroupPointer)
  before?: GroupPointer;

  @IsOptional()
  @IsObject({ message: 'after must be an object' })
  @ValidateNested()
  @Type(() => GroupPointer)
  after?: GroupPointer;
}
export class MoveSectionGroupRequest {
  @IsOptionalNonNull()
  @IsObject({ message: 'position must be an object' })
  @ValidateNested()
  @Type(() => GroupPosition)
  position?: GroupPosition;
}

export class GroupSectionRequest {
  @IsEntityId()
  sectionId!: string;
}
