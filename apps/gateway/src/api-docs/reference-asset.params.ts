import { Matches } from 'class-validator';

export class ReferenceAssetParams {
  @Matches(/^[a-z][a-z.-]{0,63}$/, { message: 'asset must be a file name of the reference page' })
  asset!: string;
}
