// The OpenAPI formats express-openapi-validator registers on top of ajv-formats' `fast` mode.
// Each validate function is self-contained: the generator writes its source into the generated
// module (Function.prototype.toString), so the formats the code runs with are the ones it was
// compiled with.
export const openapiFormats = {
  int32: {
    type: 'number',
    validate: (i) => Number.isInteger(i) && i <= 2147483647 && i >= -2147483648,
  },
  int64: {
    type: 'number',
    validate: (i) => Number.isInteger(i) && i <= 2 ** 63 - 1 && i >= (-2) ** 63,
  },
  float: {
    type: 'number',
    validate: (i) => {
      const max = (2 - 2 ** -23) * 2 ** 127;
      const minPositive = 2 ** -126;
      return (
        typeof i === 'number' &&
        (i === 0 || (i <= max && i >= minPositive) || (i >= -max && i <= -minPositive))
      );
    },
  },
  double: { type: 'number', validate: (i) => typeof i === 'number' },
  byte: {
    type: 'string',
    validate: (b) => b.length % 4 === 0 && /^[A-Za-z0-9+/]*(=|==)?$/.test(b),
  },
  binary: { type: 'string', validate: () => true },
  password: { type: 'string', validate: () => true },
  'media-range': { type: 'string', validate: () => true },
};

/** The source of a module-level `const <name> = {...}` with the formats above. */
export function openapiFormatsSource(name) {
  const entries = Object.entries(openapiFormats).map(
    ([format, def]) =>
      `  ${JSON.stringify(format)}: { type: ${JSON.stringify(def.type)}, validate: ${def.validate.toString()} },`,
  );
  return `const ${name} = {\n${entries.join('\n')}\n};`;
}
