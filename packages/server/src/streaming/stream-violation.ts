/** Thrown in the validating mode for a message the streaming document does not describe. */
export class StreamMessageViolation extends Error {
  override name = 'StreamMessageViolation';
}
