// The drift report and the breaking-change rules as a library: read two descriptions, compare
// them, format the report (the bin brokerage-drift, scripts/check-breaking.mjs and the API
// changelog all use these).
export type {
  Change,
  ChangeKind,
  FieldFacts,
  OperationSurface,
  Place,
  Severity,
  Surface,
} from './model.js';
export { compareSurfaces } from './compare.js';
export {
  readDescription,
  surfaceOfDocument,
  surfaceOfOperationList,
  servicePath,
} from './read-description.js';
export {
  describe,
  exitStatus,
  formatJson,
  formatMarkdown,
  formatTable,
  makeReport,
  type Report,
} from './report.js';
export { addTouches, findRepository, repositoryCodeFolders } from './touches.js';
export {
  changesetBumps,
  judgeGate,
  majorChangesets,
  packagesOfTheDocument,
  type GateResult,
} from './gate.js';
export { changelogSection, prependSection } from './changelog.js';
