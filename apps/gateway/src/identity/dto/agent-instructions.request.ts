import { Type } from 'class-transformer';
import { ArrayMaxSize, Equals, IsArray, IsObject, ValidateBy, ValidateNested } from 'class-validator';
import { KeepRaw } from './identity-validators';

/** Why a top-level node is not a block (`{object: 'block', type}`), or undefined when it is one. */
function blockProblem(nodes: unknown): string | undefined {
  if (!Array.isArray(nodes)) return undefined;
  const index = nodes.findIndex(
    (n) =>
      typeof n !== 'object' ||
      n === null ||
      (n as { object?: unknown }).object !== 'block' ||
      typeof (n as { type?: unknown }).type !== 'string',
  );
  return index === -1 ? undefined : `instructions.nodes[${index}] must be a block ({object: "block", type, ...})`;
}

/** The official JSONDocument, checked down to its top-level blocks. */
export class JsonDocumentRequest {
  @Equals('document', { message: 'object must be "document"' })
  object!: 'document';

  // Document data and nodes are free-form: kept as sent, so keys such as "constructor" are not lost.
  @KeepRaw()
  @IsObject()
  data!: Record<string, unknown>;

  @KeepRaw()
  @IsArray()
  @ArrayMaxSize(10_000)
  @ValidateBy({
    name: 'blocks',
    validator: { validate: (v: unknown) => blockProblem(v) === undefined, defaultMessage: (a) => blockProblem(a?.value) ?? '' },
  })
  nodes!: unknown[];
}

/** Body of PUT /v1/orgs/{organizationId}/agent-instructions. */
export class PutAgentInstructionsRequest {
  @IsObject({ message: 'instructions must be a document object' })
  @ValidateNested()
  @Type(() => JsonDocumentRequest)
  instructions!: JsonDocumentRequest;
}
