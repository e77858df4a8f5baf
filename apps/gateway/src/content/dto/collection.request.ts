import { DEFAULT_LEVELS, type DefaultLevel, type ContentPosition, type MoveInput } from '@bindery/contracts';
import { Type } from 'class-transformer';
import { IsDefined, IsIn, IsOptional, IsString, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { IsOptionalNonNull } from '../../common/is-optional-non-null';
import { PageQuery } from '../../common/page.query';
import { IsEntityId } from '../../common/entity-id';

export class CollectionParams {
  @IsEntityId()
  collectionId!: string;
}

export class CreateCollectionRequest {
  @IsOptionalNonNull()
  @IsString()
  @MaxLength(50)
  title?: string;

  @IsOptional()
  @IsEntityId()
  parent?: string;
}

export class UpdateCollectionRequest {
  @IsOptionalNonNull()
  @IsString()
  @MaxLength(50)
  title?: string;

  @IsOptionalNonNull()
  @IsString()
  @MaxLength(100)
  description?: string;

  @IsOptionalNonNull()
  @IsIn(DEFAULT_LEVELS, { message: `defaultLevel must be one of ${DEFAULT_LEVELS.join(', ')}` })
  defaultLevel?: DefaultLevel;
}

export class CollectionListQuery extends PageQuery {
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'nested must be true or false' })
  nested?: string;
}

/** `{type: "space", space}` or `{type: "collection", collection}`. */
class ContentPointer {
  @IsIn(['space', 'collection'], { message: 'type must be space or collection' })
  type!: 'space' | 'collection';

  @ValidateIf((p: ContentPointer) => p.type === 'space')
  @IsEntityId()
  space?: string;

  @ValidateIf((p: ContentPointer) => p.type === 'collection')
  @IsEntityId()
  collection?: string;
}

class ContentPositionRequest {
  @IsOptional()
  @ValidateNested()
  @Type(() => ContentPointer)
  before?: ContentPointer;

  @IsOptional()
  @ValidateNested()
  @Type(() => ContentPointer)
  after?: ContentPointer;
}

/** Body of the move operations: at least one of parent (a collection id or null) and position. */
export class MoveRequest {
  @ValidateIf((m: MoveRequest) => m.parent !== undefined && m.parent !== null)
  @IsEntityId()
  parent?: string | null;

  @ValidateIf((m: MoveRequest) => m.position !== undefined || m.parent === undefined)
  @IsDefined({ message: 'position is required when parent is not given' })
  @ValidateNested()
  @Type(() => ContentPositionRequest)
  position?: ContentPositionRequest;
}

/** A validated MoveRequest as the contract's MoveInput: its validators checked that each pointer carries the id its `type` names. */
export const moveInput = (body: MoveRequest): MoveInput => ({ ...body, position: body.position as ContentPosition | undefined });

/** Body of the transfer operations. */
export class TransferRequest {
  @IsEntityId()
  organization!: string;
}
