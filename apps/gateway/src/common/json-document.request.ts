import { ArrayMaxSize, Equals, IsArray, IsObject, ValidateBy } from 'class-validator';
import { KeepRaw } from './keep-raw';

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

/**
 * The official JSONDocument of a request body (agent instructions, translation instructions),
 * checked down to its top-level blocks; data and nodes are kept as sent (`KeepRaw`).
 */
export class JsonDocumentRequest {
  @Equals('document', { message: 'object must be "document"' })
  object!: 'document';

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
