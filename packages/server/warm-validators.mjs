// The validator cache filled once before the test suites run (`warmValidatorCache`): each suite's
// processes then load every route's compiled validators instead of compiling them at once, each
// for itself, on a cold cache. Turbo runs it as this package's `warm:validators` task.
import { warmValidatorCache } from './dist/index.js';

const started = performance.now();
const operations = await warmValidatorCache({ threads: 'cores' });
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`validator cache: ${operations} operations warmed in ${seconds} s`);
