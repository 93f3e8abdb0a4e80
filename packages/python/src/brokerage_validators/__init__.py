"""Payload validators for the brokerage Web API, for Python services: the same verdicts and
errors as @brokerage/validators, from the same document.

    from brokerage_validators import validate
    result = validate("Ledger", payload)        # a component schema
    result = validate("getLedger", payload)     # an operation's 200 response
    if not result.valid:
        for error in result.errors:             # pointer, rule, expected, actual, message
            print(error.message)
"""

from ._errors import ABSENT, Result, ValidationError
from ._validate import (
    assert_valid,
    operation_ids,
    schema_names,
    validate,
    validate_request_body,
    validate_response,
)
from ._version import __version__

__all__ = [
    "ABSENT",
    "Result",
    "ValidationError",
    "__version__",
    "assert_valid",
    "operation_ids",
    "schema_names",
    "validate",
    "validate_request_body",
    "validate_response",
]
