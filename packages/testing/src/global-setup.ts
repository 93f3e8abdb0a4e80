// For jest's `globalSetup` (or vitest's): fills the server's validator cache once, before the
// suite's test files start, so that each file's sandbox loads the compiled validators of the
// routes it calls instead of compiling them for itself (`warmValidatorCache` of
// @brokerage/server, in a thread per core; a no-op with BROKERAGE_VALIDATOR_CACHE=off).
import { warmValidatorCache } from '@brokerage/server';

export default async function globalSetup(): Promise<void> {
  await warmValidatorCache({ threads: 'cores' });
}
