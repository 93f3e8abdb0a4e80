export {
  startSandbox,
  type MarketData,
  type ReplayedBars,
  type Sandbox,
  type SandboxOptions,
} from './sandbox.js';
export { useSandbox, type Hooks } from './use-sandbox.js';
export { startReplay, useRecording, type Replay } from './recording.js';
