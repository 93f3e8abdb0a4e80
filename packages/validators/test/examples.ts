// The document's examples and their mutations (document-examples.mjs: plain JavaScript, so that
// the Python validators' agreement test feeds both validators the same payloads).
export { document, documentExamples, mutations } from './document-examples.mjs';
export type { Example, RawDocument } from './document-examples.mjs';
