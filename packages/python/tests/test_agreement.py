"""The same corpus through @brokerage/validators and brokerage_validators: the same verdict and
the same errors (pointer, rule, expected, actual, message, in the same order) for every payload.
The corpus (scripts/validator-corpus.mjs): the TypeScript agreement test's payloads (the document's
response examples and their mutations, its requests' bodies), the document's request-body examples
and the schemas' examples with their mutations, and the answers recorded from the service when the
reference folder is there."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any, Dict, List

import pytest

from brokerage_validators import ABSENT, validate, validate_request_body, validate_response

from .conftest import CORPUS_FIGURE

CORPUS = Path(__file__).resolve().parents[1] / "scripts" / "validator-corpus.mjs"


@pytest.fixture(scope="module")
def corpus() -> List[Dict[str, Any]]:
    node = shutil.which("node")
    assert node is not None, "node is needed to read @brokerage/validators' verdicts"
    completed = subprocess.run([node, str(CORPUS)], check=True, capture_output=True, text=True)
    return json.loads(completed.stdout)


def python_errors(case: Dict[str, Any]) -> List[Dict[str, Any]]:
    if case.get("request"):
        result = validate_request_body(case["operationId"], case.get("body", ABSENT), case.get("contentType"))
    elif "schema" in case:
        result = validate(case["schema"], case["body"])
    else:
        result = validate_response(case["operationId"], case["status"], case["body"], case.get("contentType"))
    return [error.to_json() for error in result.errors]


def test_the_corpus_has_valid_and_invalid_payloads_of_each_kind(corpus: List[Dict[str, Any]], request: pytest.FixtureRequest) -> None:
    sources = Counter(case["source"] for case in corpus)
    request.config.stash[CORPUS_FIGURE] = f"{len(corpus)} payloads ({', '.join(f'{n} {s}' for s, n in sources.items())})"
    assert sources["document examples"] > 1000 and sources["request examples"] > 100
    assert sources["agreement requests"] > 10 and sources["schema examples"] > 0
    verdicts = Counter(case["valid"] for case in corpus)
    assert verdicts[True] > 100 and verdicts[False] > 100


def test_both_validators_give_the_same_verdict_and_errors(corpus: List[Dict[str, Any]]) -> None:
    ours = [python_errors(case) for case in corpus]
    verdicts = [case["name"] for case, errors in zip(corpus, ours) if (errors == []) != case["valid"]]
    assert verdicts == []
    differing = [case["name"] for case, errors in zip(corpus, ours) if errors != case["errors"]]
    assert differing == []
