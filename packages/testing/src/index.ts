export { startSandbox, type Sandbox, type SandboxOptions } from './sandbox.js';
export { useSandbox, type Hooks } from './use-sandbox.js';
export { startReplay, useRecording, type Replay } from './recording.js';
