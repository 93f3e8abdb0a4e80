// A thread of `warmValidatorCache({ threads })` (validator-warm.ts): warms its share of the
// operations in this thread and posts how many it warmed.
import { parentPort, workerData } from 'node:worker_threads';
import { warmValidatorCache } from './validator-warm.js';

const { operationIds } = workerData as { operationIds: string[] };
parentPort?.postMessage(await warmValidatorCache({ operationIds }));
