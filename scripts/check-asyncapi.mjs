#!/usr/bin/env node
// Validates the streaming document (asyncapi/asyncapi.yaml) with the AsyncAPI parser: fails on
// any error or warning. The parser does not check message examples, so this script validates
// each example's payload against its message's schema, and the JSON arguments of each client
// example against the message's `x-arguments` schema.
// Usage: node scripts/check-asyncapi.mjs
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openapiFormats } from '../packages/validators/scripts/formats.mjs';
import { Parser, fromFile } from '@asyncapi/parser';
import { streamingMessages } from '../packages/types/asyncapi-messages.mjs';
import { asyncapiEntry } from './paths.mjs';

const severities = ['error', 'warning'];
const { document, diagnostics } = await fromFile(new Parser(), asyncapiEntry).parse();
const findings = diagnostics.filter((d) => d.severity < severities.length);
for (const d of findings) {
  console.error(`${severities[d.severity]} ${d.code} at ${d.path.join('.')}: ${d.message}`);
}
if (!document || findings.length > 0) {
  console.error(`asyncapi: ${findings.length} errors or warnings`);
  process.exit(1);
}

const ajv = new Ajv2020.default({ strict: false, allErrors: true, formats: openapiFormats });
addFormats.default(ajv);
/** The JSON object that ends a client frame (`smd+265598+{...}`), if it has one. */
const argumentsOf = (frame) => {
  const start = frame.indexOf('+{');
  return start < 0 ? undefined : JSON.parse(frame.slice(start + 1));
};
const failures = [];
let checked = 0;
const messages = streamingMessages(document.json());
for (const message of messages) {
  if (!message.direction) failures.push(`${message.key}: in no operation`);
  if (message.examples.length === 0) failures.push(`${message.key}: no example`);
  const payload = ajv.compile(message.payload);
  const args = message.arguments && ajv.compile(message.arguments);
  for (const example of message.examples) {
    checked += 1;
    if (!payload(example.payload)) {
      failures.push(`${message.key} example ${example.name}: ${ajv.errorsText(payload.errors)}`);
    }
    const given = typeof example.payload === 'string' ? argumentsOf(example.payload) : undefined;
    if (args && given !== undefined && !args(given)) {
      failures.push(
        `${message.key} example ${example.name} arguments: ${ajv.errorsText(args.errors)}`,
      );
    }
  }
}
for (const failure of failures) console.error(failure);
if (failures.length > 0) process.exit(1);
console.log(
  `asyncapi: valid, 0 errors, 0 warnings; ${messages.length} messages, ${checked} examples validate`,
);
