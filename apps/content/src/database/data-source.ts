import { createServiceDataSource } from '@bindery/platform';
import { ChangeRequestEntity } from '../store/change-request.entity';
import { RequestedReviewerEntity } from '../change-requests/reviews/requested-reviewer.entity';
import { ReviewEntity } from '../change-requests/reviews/review.entity';
import { CollectionEntity } from '../collections/collection.entity';
import { SpaceEntity } from '../store/space.entity';
import { CreateContent1767312000000 } from './migrations/1767312000000-CreateContent';
import { AddFileLists1767400000000 } from './migrations/1767400000000-AddFileLists';
import { AddChangeRequestReviews1767530000000 } from './migrations/1767530000000-AddChangeRequestReviews';
import { PositionKeys1767620000000 } from './migrations/1767620000000-PositionKeys';
import { AddJobs1767630000000 } from './migrations/1767630000000-AddJobs';
import { AddLinksAndSearch1767700000000 } from './migrations/1767700000000-AddLinksAndSearch';
import { AddCommentCounts1767640000000 } from './migrations/1767640000000-AddCommentCounts';
import { AddOpenApiOutlines1767800000000 } from './migrations/1767800000000-AddOpenApiOutlines';
import { AddReusableContents1767810000000 } from './migrations/1767810000000-AddReusableContents';
import { CountersOffSpaceRow1767850000000 } from './migrations/1767850000000-CountersOffSpaceRow';
import { BodiesLz4Compression1767870000000 } from './migrations/1767870000000-BodiesLz4';
import { SearchOutlines1767900000000 } from './migrations/1767900000000-SearchOutlines';
import { SearchSpaceTextIndex1767950000000 } from './migrations/1767950000000-SearchSpaceTextIndex';
import { OpenApiOutlineVersions1796000000000 } from './migrations/1796000000000-OpenApiOutlineVersions';
import { SpaceChangeRequestCounts1796180000000 } from './migrations/1796180000000-SpaceChangeRequestCounts';
import { WriteFriendlyStorage1796200000000 } from './migrations/1796200000000-WriteFriendlyStorage';
import { CountsUpdateFirst1796210000000 } from './migrations/1796210000000-CountsUpdateFirst';
import { SearchExcerptKeys1796220000000 } from './migrations/1796220000000-SearchExcerptKeys';
import { DropUnusedJobsIndex1796310000000 } from './migrations/1796310000000-DropUnusedJobsIndex';
import { SearchSpaceSizeEstimate1796311000000 } from './migrations/1796311000000-SearchSpaceSizeEstimate';

export const CONTENT_SCHEMA = 'content';

export const contentEntities = [SpaceEntity, ChangeRequestEntity, CollectionEntity, RequestedReviewerEntity, ReviewEntity];
export const contentMigrations = [
  CreateContent1767312000000,
  AddFileLists1767400000000,
  AddChangeRequestReviews1767530000000,
  PositionKeys1767620000000,
  AddJobs1767630000000,
  AddLinksAndSearch1767700000000,
  AddCommentCounts1767640000000,
  AddOpenApiOutlines1767800000000,
  AddReusableContents1767810000000,
  CountersOffSpaceRow1767850000000,
  BodiesLz4Compression1767870000000,
  SearchOutlines1767900000000,
  SearchSpaceTextIndex1767950000000,
  OpenApiOutlineVersions1796000000000,
  SpaceChangeRequestCounts1796180000000,
  WriteFriendlyStorage1796200000000,
  CountsUpdateFirst1796210000000,
  SearchExcerptKeys1796220000000,
  DropUnusedJobsIndex1796310000000,
  SearchSpaceSizeEstimate1796311000000,
];

/** Content's own schema, reached with its own role (DATABASE_URL). */
export const createContentDataSource = (url: string) =>
  createServiceDataSource({ url, schema: CONTENT_SCHEMA, entities: contentEntities, migrations: contentMigrations });
