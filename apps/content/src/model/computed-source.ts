import { type ComputedPageSource, OPENAPI_GROUPINGS, type OpenApiGrouping } from '@bindery/contracts';
import { badRequest } from '@bindery/platform';

const SLUG = /^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$/;
const SLUG_MAX = 100;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * A computed page's source checked and reduced to what is stored (official
 * ComputedContentSourceRevisionOpenAPI): `builtin:openapi`, a spec by slug, `props.models`, and
 * the optional `grouping` and `downloadLink`. A resolved dependency (`value`) is not stored: the
 * spec is looked up by slug on every read, so the page follows its newest processed version.
 */
export function computedSourceOf(value: unknown, field: string): ComputedPageSource {
  if (!isObject(value)) throw badRequest(`${field}: must be an object with type, dependencies and props`);
  if (value.type !== 'builtin:openapi') throw badRequest(`${field}.type: must be builtin:openapi (the only computed source Bindery runs)`);
  const spec = isObject(value.dependencies) ? value.dependencies.spec : undefined;
  const ref = isObject(spec) ? spec.ref : undefined;
  if (!isObject(ref) || ref.kind !== 'openapi') throw badRequest(`${field}.dependencies.spec.ref: must be {kind: "openapi", spec: <slug>}`);
  if (typeof ref.spec !== 'string' || ref.spec.length > SLUG_MAX || !SLUG.test(ref.spec))
    throw badRequest(`${field}.dependencies.spec.ref.spec: must be a spec slug`);
  const props = value.props;
  if (!isObject(props) || typeof props.models !== 'boolean') throw badRequest(`${field}.props.models: must be a boolean`);
  if (props.grouping !== undefined && !(OPENAPI_GROUPINGS as readonly unknown[]).includes(props.grouping))
    throw badRequest(`${field}.props.grouping: must be one of ${OPENAPI_GROUPINGS.join(', ')}`);
  if (props.downloadLink !== undefined && typeof props.downloadLink !== 'boolean')
    throw badRequest(`${field}.props.downloadLink: must be a boolean`);
  return {
    type: 'builtin:openapi',
    dependencies: { spec: { ref: { kind: 'openapi', spec: ref.spec } } },
    props: {
      models: props.models,
      ...(props.grouping === undefined ? {} : { grouping: props.grouping as OpenApiGrouping }),
      ...(props.downloadLink === undefined ? {} : { downloadLink: props.downloadLink }),
    },
  };
}
