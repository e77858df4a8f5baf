import { IsEntityId } from '../../common/entity-id';

export class SpaceParams {
  @IsEntityId()
  spaceId!: string;
}

export class ChangeRequestParams extends SpaceParams {
  /** The change request's id or its number in the space. */
  @IsEntityId()
  changeRequestId!: string;
}

export class SpacePageParams extends SpaceParams {
  @IsEntityId()
  pageId!: string;
}

export class ChangeRequestPageParams extends ChangeRequestParams {
  @IsEntityId()
  pageId!: string;
}

export class SpaceFileParams extends SpaceParams {
  @IsEntityId()
  fileId!: string;
}

export class ChangeRequestFileParams extends ChangeRequestParams {
  @IsEntityId()
  fileId!: string;
}

export class OrgSpacesParams {
  @IsEntityId()
  organizationId!: string;
}

export class RevisionParams extends SpaceParams {
  @IsEntityId()
  revisionId!: string;
}

export class RevisionPageParams extends RevisionParams {
  @IsEntityId()
  pageId!: string;
}
