import { IsObject, IsString, Length } from 'class-validator';

/**
 * Body of `getComputedRevision` and `getComputedDocument`: a computed source and the seed of the
 * generated ids. The content service checks the source's fields (400 naming the field).
 */
export class ComputedContentRequest {
  @IsObject({ message: 'source must be an object' })
  source!: Record<string, unknown>;

  @IsString({ message: 'seed must be a string' })
  @Length(1, 200, { message: 'seed must be 1 to 200 characters' })
  seed!: string;
}
