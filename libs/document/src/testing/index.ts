// Test support for users of @bindery/document (`@bindery/document/testing`): predictable keys,
// fast-check generators of Documents and Markdown, and the official schema check. Loads fast-check,
// ajv and @gitbook/api, which are dev dependencies: import it from tests only.
export { counterKeys } from './counter-keys';
export { documentBody, withoutKeys } from './document-arbitraries';
export { documentSchemaErrors } from './document-schema';
export { inline, markdownPage, plainText } from './markdown-arbitraries';
