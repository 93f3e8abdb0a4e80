// A document's component schemas as Python types (for scripts/generate-python.mjs): an object
// schema becomes a TypedDict (functional syntax: keys such as `31` or `netliquidation-c` are not
// identifiers), every other schema a type alias; an inline object gets a TypedDict named after
// where it is (`Ledger` → `LedgerBase` for its `BASE` property). Keys the schema requires are
// `Required["..."]`, the others may be absent (`total=False`). Types are written as strings, so a
// schema may name one defined further down (`Required` outside them: the keys stay readable at run
// time, `__required_keys__`).

const keywords = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(
    ' ',
  ),
);

/** A Python identifier from a name: other characters become `_`, a keyword gets a `_`. */
export const identifier = (name) => {
  const id = name.replace(/[^A-Za-z0-9_]/g, '_').replace(/^(\d)/, '_$1');
  return keywords.has(id) ? `${id}_` : id;
};

const pascal = (name) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');

const refName = (ref) =>
  decodeURIComponent(ref.split('/').pop()).replace(/~1/g, '/').replace(/~0/g, '~');

const isObject = (schema) =>
  schema.type === 'object' ||
  (Array.isArray(schema.type) && schema.type.includes('object') && schema.properties) ||
  (schema.type === undefined && schema.properties !== undefined);

const literal = (value) =>
  value === null
    ? 'None'
    : typeof value === 'boolean'
      ? value
        ? 'True'
        : 'False'
      : JSON.stringify(value);

/**
 * The Python source of a module of types for `schemas` (the document's `components.schemas`), and
 * `typeOf(schema, prefix)`: the type expression of a schema, naming component types with
 * `prefix` (another module's `t.`).
 */
export function pythonTypes(schemas, { header, docstring }) {
  const definitions = [];
  const taken = new Set(Object.keys(schemas).map(identifier));
  const unique = (name) => {
    let candidate = name;
    for (let n = 2; taken.has(candidate); n += 1) candidate = `${name}${n}`;
    taken.add(candidate);
    return candidate;
  };

  /** Properties and required keys of an object schema, through `allOf` and references. */
  const membersOf = (schema, seen = new Set()) => {
    if (schema.$ref) {
      const name = refName(schema.$ref);
      if (seen.has(name) || !schemas[name]) return { properties: {}, required: [] };
      return membersOf(schemas[name], new Set([...seen, name]));
    }
    const parts = (schema.allOf ?? []).map((part) => membersOf(part, seen));
    return {
      properties: Object.assign({}, ...parts.map((p) => p.properties), schema.properties ?? {}),
      required: [...parts.flatMap((p) => p.required), ...(schema.required ?? [])],
    };
  };
  const objectLike = (schema) =>
    isObject(schema) ||
    (schema.allOf !== undefined &&
      schema.allOf.every((part) =>
        part.$ref ? isObject(schemas[refName(part.$ref)] ?? {}) : objectLike(part),
      ));

  /** `Name = TypedDict("Name", {...}, total=False)` for an object schema. */
  const typedDict = (name, schema, prefix) => {
    const { properties, required } = membersOf(schema);
    const fields = Object.entries(properties).map(([key, property]) => {
      const type = typeOf(property, prefix, `${name}${pascal(key) || 'Item'}`);
      const quoted = JSON.stringify(type);
      return `    ${JSON.stringify(key)}: ${required.includes(key) ? `_Required[${quoted}]` : quoted},`;
    });
    return fields.length === 0
      ? `${name} = _TypedDict(${JSON.stringify(name)}, {}, total=False)`
      : [
          `${name} = _TypedDict(`,
          `    ${JSON.stringify(name)},`,
          '    {',
          ...fields.map((f) => `    ${f}`),
          '    },',
          '    total=False,',
          ')',
        ].join('\n');
  };

  /** An object whose other keys are typed (`additionalProperties: {schema}`, e.g. a ledger's
   * currencies beside `BASE`): a TypedDict cannot say so, so a `dict` of every value's type. */
  const mapOf = (schema) => {
    const values = schema.additionalProperties;
    if (values === null || typeof values !== 'object') return undefined;
    return (prefix, nameHint) => {
      const { properties } = membersOf(schema);
      const types = [
        ...Object.entries(properties).map(([key, property]) =>
          typeOf(property, prefix, `${nameHint}${pascal(key) || 'Item'}`),
        ),
        typeOf(values, prefix, `${nameHint}Value`),
      ];
      return `dict[str, ${union(types)}]`;
    };
  };

  const union = (types) => {
    const distinct = [...new Set(types)];
    return distinct.length === 1 ? distinct[0] : `_Union[${distinct.join(', ')}]`;
  };

  /** The type of one JSON type of a schema (`string`, `object`, ...). */
  const typeOfType = (type, schema, prefix, nameHint) => {
    switch (type) {
      case 'string':
        return 'str';
      case 'integer':
        return 'int';
      case 'number':
        return 'float';
      case 'boolean':
        return 'bool';
      case 'null':
        return 'None';
      case 'array':
        return `list[${schema.items ? typeOf(schema.items, prefix, `${nameHint}Item`) : '_Any'}]`;
      case 'object': {
        if (mapOf(schema)) return mapOf(schema)(prefix, nameHint);
        if (schema.properties && Object.keys(schema.properties).length > 0) {
          const name = unique(nameHint);
          definitions.push(typedDict(name, schema, ''));
          return `${prefix}${name}`;
        }
        const values = schema.additionalProperties;
        return `dict[str, ${values && typeof values === 'object' ? typeOf(values, prefix, `${nameHint}Value`) : '_Any'}]`;
      }
      default:
        return '_Any';
    }
  };

  /** The type expression of a schema; an inline object is defined under `nameHint`. */
  function typeOf(schema, prefix = '', nameHint = 'Anonymous') {
    if (schema === true || schema === undefined) return '_Any';
    if (schema.$ref) return `${prefix}${identifier(refName(schema.$ref))}`;
    if (schema.const !== undefined) return `_Literal[${literal(schema.const)}]`;
    if (Array.isArray(schema.enum)) {
      const values = schema.enum.filter((value) => value !== null);
      const parts = values.every(
        (value) => ['string', 'boolean'].includes(typeof value) || Number.isInteger(value),
      )
        ? values.length > 0
          ? [`_Literal[${values.map(literal).join(', ')}]`]
          : []
        : [
            ...new Set(
              values.map((value) =>
                typeOfType(
                  typeof value === 'number' ? 'number' : typeof value,
                  {},
                  prefix,
                  nameHint,
                ),
              ),
            ),
          ];
      return union(schema.enum.includes(null) ? [...parts, 'None'] : parts);
    }
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives)
      return union(alternatives.map((part, i) => typeOf(part, prefix, `${nameHint}${i + 1}`)));
    if (schema.allOf) {
      if (objectLike(schema))
        return typeOfType(
          'object',
          { ...schema, properties: membersOf(schema).properties },
          prefix,
          nameHint,
        );
      return schema.allOf.length === 1 ? typeOf(schema.allOf[0], prefix, nameHint) : '_Any';
    }
    if (Array.isArray(schema.type))
      return union(schema.type.map((type) => typeOfType(type, schema, prefix, nameHint)));
    if (schema.type === undefined && schema.properties)
      return typeOfType('object', schema, prefix, nameHint);
    return typeOfType(schema.type, schema, prefix, nameHint);
  }

  const components = Object.entries(schemas).map(([name, schema]) => {
    const id = identifier(name);
    if (
      !mapOf(schema) &&
      objectLike(schema) &&
      Object.keys(membersOf(schema).properties).length > 0
    )
      return typedDict(id, schema, '');
    return `${id}: _TypeAlias = ${JSON.stringify(typeOf(schema, '', id))}`;
  });
  const source = () =>
    [
      header,
      `"""${docstring}"""`,
      '',
      '# The forward references are strings: pyright reads them, Python never evaluates them.',
      'from typing import Any as _Any, Union as _Union',
      '',
      'from typing_extensions import Literal as _Literal, Required as _Required, TypeAlias as _TypeAlias, TypedDict as _TypedDict',
      '',
      `__all__ = [${Object.keys(schemas)
        .map((name) => JSON.stringify(identifier(name)))
        .join(', ')}]`,
      '',
      ...components.flatMap((text) => [text, '']),
      ...(definitions.length > 0
        ? ['# Inline objects of the schemas above, named after where they are.', '']
        : []),
      ...definitions.flatMap((text) => [text, '']),
    ]
      .join('\n')
      .trimEnd() + '\n';
  /** Inline objects met by `typeOf` from outside are defined in this module: read `source()` last. */
  return { source, typeOf: (schema, prefix) => typeOf(schema, prefix, 'Inline') };
}
