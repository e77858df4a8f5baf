import { Type } from 'class-transformer';
import { IsObject, ValidateNested } from 'class-validator';
import { JsonDocumentRequest } from '../../common/json-document.request';

/** Body of PUT /v1/orgs/{organizationId}/agent-instructions. */
export class PutAgentInstructionsRequest {
  @IsObject({ message: 'instructions must be a document object' })
  @ValidateNested()
  @Type(() => JsonDocumentRequest)
  instructions!: JsonDocumentRequest;
}
