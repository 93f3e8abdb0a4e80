export { startSandbox, type Sandbox, type SandboxOptions } from './sandbox.js';
export { useSandbox, type Hooks } from './use-sandbox.js';
