// The proxy's check limits alone, so that the command's options read their defaults without
// loading the check and every operation's validators.

/** What the check reads at most: bytes of a body (after decoding) and levels of JSON nesting. */
export interface CheckLimits {
  maxBytes: number;
  maxDepth: number;
}

/** 4 MiB: ten times the largest recorded answer; 64 levels: the document's answers nest < 10. */
export const defaultCheckLimits: CheckLimits = { maxBytes: 4 * 1024 * 1024, maxDepth: 64 };
