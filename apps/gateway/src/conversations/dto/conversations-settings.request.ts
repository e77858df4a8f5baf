import { IsString, Length, ValidateIf } from 'class-validator';

/** PUT …/conversations-settings: the embedding endpoint's name (one the operator configured), or null for the built-in vectors. */
export class UpdateConversationsSettingsRequest {
  // null is a value here (back to the built-in vectors); a missing field is a 400.
  @ValidateIf((body: UpdateConversationsSettingsRequest) => body.embeddings !== null)
  @IsString()
  @Length(1, 63)
  embeddings!: string | null;
}
