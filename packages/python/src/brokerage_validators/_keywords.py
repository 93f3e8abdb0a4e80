"""jsonschema's Draft 2020-12 validator, made to report what Ajv reports (allErrors, as
@brokerage/validators runs it): one error per missing or extra property, the keywords in Ajv's
order, the document's ECMAScript patterns and formats, and Ajv's wording of each rule. Each error carries `ajv`: the
property it is about (appended to the pointer), what was expected, and Ajv's message."""

from __future__ import annotations

import json
from typing import Any, Callable, Dict, Iterator, List, Mapping, Tuple

from jsonschema import Draft202012Validator, FormatChecker, validators
from jsonschema.exceptions import ValidationError as SchemaError

from ._json import _integral, js_number
from ._patterns import compile_pattern

Keyword = Callable[[Any, Any, Any, Mapping[str, Any]], Iterator[SchemaError]]


def _error(message: str, expected: Any, property_name: str | None = None, absent: bool = False) -> SchemaError:
    error = SchemaError(message)
    setattr(error, "ajv", {"message": message, "expected": expected, "property": property_name, "absent": absent})
    return error


def _required(validator: Any, required: Any, instance: Any, schema: Mapping[str, Any]) -> Iterator[SchemaError]:
    if not isinstance(instance, dict):
        return
    for name in required:
        if name not in instance:
            yield _error(f"must have required property '{name}'", "present", name, absent=True)


def _dependent_required(validator: Any, dependencies: Any, instance: Any, schema: Mapping[str, Any]) -> Iterator[SchemaError]:
    if not isinstance(instance, dict):
        return
    for name, deps in dependencies.items():
        if name not in instance:
            continue
        wording = "property" if len(deps) == 1 else "properties"
        for dep in deps:
            if dep not in instance:
                message = f"must have {wording} {', '.join(deps)} when property {name} is present"
                yield _error(message, "present", dep, absent=True)


def _additional_properties(validator: Any, additional: Any, instance: Any, schema: Mapping[str, Any]) -> Iterator[SchemaError]:
    if not isinstance(instance, dict):
        return
    properties = schema.get("properties", {})
    patterns = [compile_pattern(pattern) for pattern in schema.get("patternProperties", {})]
    extras = [name for name in instance if name not in properties and not any(p.search(name) for p in patterns)]
    for name in extras:
        if isinstance(additional, dict):
            yield from validator.descend(instance[name], additional, path=name)
        elif additional is False:
            yield _error("must NOT have additional properties", "absent", name)


def _property_names(validator: Any, names: Any, instance: Any, schema: Mapping[str, Any]) -> Iterator[SchemaError]:
    if not isinstance(instance, dict):
        return
    for name in instance:
        errors = list(validator.descend(instance=name, schema=names))
        if errors:
            yield from errors
            yield _error("property name must be valid", "names matching the schema", name)


def _same(left: Any, right: Any) -> bool:
    """Deep equality as JavaScript's (1 and 1.0 equal, true and 1 not)."""
    return json.dumps(_integral(left), sort_keys=True) == json.dumps(_integral(right), sort_keys=True)


def _unique_items(validator: Any, unique: Any, instance: Any, schema: Mapping[str, Any]) -> Iterator[SchemaError]:
    if not unique or not isinstance(instance, list):
        return
    for i in range(len(instance) - 1, 0, -1):
        for j in range(i - 1, -1, -1):
            if _same(instance[i], instance[j]):
                yield _error(f"must NOT have duplicate items (items ## {j} and {i} are identical)", "unique items")
                return


def _pattern(validator: Any, pattern: str, instance: Any, schema: Mapping[str, Any]) -> Iterator[SchemaError]:
    if isinstance(instance, str) and not compile_pattern(pattern).search(instance):
        yield _error(f'must match pattern "{pattern}"', pattern)


def format_checker(formats: Mapping[str, Mapping[str, Any]]) -> FormatChecker:
    """The document's formats as Ajv checks them: a string format only on strings, a number
    format only on numbers; formats Ajv does not know are not checked (`strict: false`)."""
    checker = FormatChecker(formats=())
    for name, spec in formats.items():
        checker.checks(name)(_format_check(spec))
    return checker


_INT32 = (-(2**31), 2**31 - 1)
_INT64 = (-(2**63), 2**63 - 1)
_FLOAT_MAX = (2 - 2**-23) * 2**127
_FLOAT_MIN = 2**-126


def _number_check(name: str) -> Callable[[float], bool]:
    """The OpenAPI number formats of express-openapi-validator (packages/validators/scripts/formats.mjs)."""
    if name in ("int32", "int64"):
        low, high = _INT32 if name == "int32" else _INT64
        return lambda n: float(n).is_integer() and low <= n <= high
    if name == "float":
        return lambda n: n == 0 or _FLOAT_MIN <= abs(n) <= _FLOAT_MAX
    return lambda n: True


def _format_check(spec: Mapping[str, Any]) -> Callable[[Any], bool]:
    if spec["type"] == "number":
        check = _number_check(spec["check"])
        return lambda value: isinstance(value, bool) or not isinstance(value, (int, float)) or check(value)
    regex = compile_pattern(spec["pattern"], spec.get("flags", ""))
    return lambda value: not isinstance(value, str) or regex.search(value) is not None


# Ajv runs a schema's keywords in its own order, not the schema's (its `RULES`: the keywords of any
# type, then those of numbers, strings, arrays and objects, each in its vocabularies' order).
_ANY_TYPE = ["$ref", "$dynamicRef", "const", "enum", "not", "anyOf", "oneOf", "allOf", "if", "then", "else"]
_BY_TYPE = {
    "number": ["maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "multipleOf", "format"],
    "string": ["maxLength", "minLength", "pattern", "format"],
    "array": ["maxItems", "minItems", "prefixItems", "items", "contains", "uniqueItems", "maxContains", "minContains"],
    "object": [
        "maxProperties",
        "minProperties",
        "required",
        "propertyNames",
        "additionalProperties",
        "dependencies",
        "properties",
        "patternProperties",
        "dependentRequired",
        "dependentSchemas",
    ],
}
_LAST = ["unevaluatedItems", "unevaluatedProperties"]


def ajv_order(schema: Mapping[str, Any]) -> List[Tuple[str, Any]]:
    """The schema's keywords in the order Ajv checks them. `type` comes first, unless the schema
    has one type that has keywords of its own here: then Ajv checks it with them (its
    `coerceAndCheckDataType`), and a value of another type skips them."""
    types = schema.get("type")
    types = [types] if isinstance(types, str) else list(types or [])
    own = types[0] if len(types) == 1 and types[0] in _BY_TYPE else None
    deferred = own is not None and any(keyword in schema for keyword in _BY_TYPE[own])
    order: List[str] = ["type"] if "type" in schema and not deferred else []
    order += [keyword for keyword in _ANY_TYPE if keyword in schema]
    for group, keywords in _BY_TYPE.items():
        if deferred and group == own:
            order.append("type")
        # `format` is in the numbers' and the strings' groups: its place is its type's.
        if group == "number" and "format" in keywords and "string" in types:
            keywords = keywords[:-1]
        order += [keyword for keyword in keywords if keyword in schema and keyword not in order]
    order += [keyword for keyword in _LAST if keyword in schema]
    order += [keyword for keyword in schema if keyword not in order]
    return [(keyword, schema[keyword]) for keyword in order]


_AJV_VALIDATOR: Any = validators.create(
    meta_schema=Draft202012Validator.META_SCHEMA,
    validators={
        **Draft202012Validator.VALIDATORS,
        "required": _required,
        "dependentRequired": _dependent_required,
        "additionalProperties": _additional_properties,
        "propertyNames": _property_names,
        "uniqueItems": _unique_items,
        "pattern": _pattern,
    },
    type_checker=Draft202012Validator.TYPE_CHECKER,
    applicable_validators=ajv_order,
)


def ajv_validator(schema: Dict[str, Any], resolver: Any, checker: FormatChecker) -> Any:
    """A validator for `schema` (a `$ref` into the document) reporting Ajv's errors."""
    return _AJV_VALIDATOR(schema, resolver=resolver, format_checker=checker)


_COMPARISONS = {"minimum": ">=", "maximum": "<=", "exclusiveMinimum": ">", "exclusiveMaximum": "<"}
_LIMITS = {
    "minLength": ("fewer", "characters"),
    "maxLength": ("more", "characters"),
    "minItems": ("fewer", "items"),
    "maxItems": ("more", "items"),
    "minProperties": ("fewer", "properties"),
    "maxProperties": ("more", "properties"),
}


def ajv_wording(error: SchemaError) -> Dict[str, Any]:
    """Ajv's message and expected value for a jsonschema error (the keywords not replaced above)."""
    given = getattr(error, "ajv", None)
    if given is not None:
        return given
    keyword, value = str(error.validator), error.validator_value
    if keyword == "type":
        shown = ",".join(value) if isinstance(value, list) else value
        return {"message": f"must be {shown}", "expected": value}
    if keyword == "enum":
        return {"message": "must be equal to one of the allowed values", "expected": value}
    if keyword == "const":
        return {"message": "must be equal to constant", "expected": value}
    if keyword == "format":
        return {"message": f'must match format "{value}"', "expected": value}
    if keyword in _COMPARISONS:
        comparison = f"{_COMPARISONS[keyword]} {js_number(value)}"
        return {"message": f"must be {comparison}", "expected": comparison}
    if keyword in _LIMITS:
        more_or_fewer, unit = _LIMITS[keyword]
        bound = "at least" if more_or_fewer == "fewer" else "at most"
        return {
            "message": f"must NOT have {more_or_fewer} than {js_number(value)} {unit}",
            "expected": f"{bound} {js_number(value)}",
        }
    if keyword == "multipleOf":
        return {"message": f"must be multiple of {js_number(value)}", "expected": f"a multiple of {js_number(value)}"}
    if keyword == "oneOf":
        return {"message": "must match exactly one schema in oneOf", "expected": "exactly one matching schema"}
    if keyword == "anyOf":
        return {"message": "must match a schema in anyOf", "expected": "at least one matching schema"}
    if keyword == "not":
        return {"message": "must NOT be valid", "expected": "not matching the schema"}
    return {"message": error.message, "expected": value}
