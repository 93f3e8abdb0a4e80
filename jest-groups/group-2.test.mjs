// One group of a package's test files (jest.groups.mjs).
import { runGroup } from '../jest.groups.mjs';

await runGroup(import.meta.url);
