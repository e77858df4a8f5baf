import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, Equals, IsArray, IsObject, ValidateBy } from 'class-validator';

// The same checks as identity's agent-instructions document (contexts do not share DTOs; a shared
// JSONDocument request class in src/common would serve both).

/** Keeps a free-form JSON value exactly as sent (see identity-validators' KeepRaw for why). */
const KeepRaw = (): PropertyDecorator => {
  const decorators = [
    Type(() => Boolean),
    Transform(({ obj, key }) => (Object.hasOwn(obj as object, key) ? (obj as Record<string, unknown>)[key] : undefined), {
      toClassOnly: true,
    }),
  ];
  return (target, key) => decorators.forEach((d) => d(target, key));
};

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

/** The official JSONDocument of a translation's `instructions`, checked down to its top-level blocks. */
export class InstructionsDocumentRequest {
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
