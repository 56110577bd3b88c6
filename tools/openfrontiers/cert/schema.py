"""JSON Schema pieces shared by the verifiers (Draft 2020-12), and validation.

Every certificate is a JSON object; `note` (free text, ignored) is allowed everywhere at
the top level, any other unknown key is malformed (a typo must not pass silently).
Integers are JSON integers; rationals are JSON integers or strings "p/q" (exactness: no
floats). Array lengths are bounded in each schema, so the work a certificate can ask for
is bounded before a verifier starts.
"""

from __future__ import annotations

from typing import Any

import jsonschema

from .jsonin import Malformed

DRAFT = "https://json-schema.org/draft/2020-12/schema"

RATIONAL_PATTERN = r"^-?[0-9]+(/[0-9]*[1-9][0-9]*)?$"


def nat(minimum: int = 0, maximum: int | None = None) -> dict:
    s: dict[str, Any] = {"type": "integer", "minimum": minimum}
    if maximum is not None:
        s["maximum"] = maximum
    return s


def integer() -> dict:
    return {"type": "integer"}


def rational() -> dict:
    return {
        "oneOf": [
            {"type": "integer"},
            {"type": "string", "pattern": RATIONAL_PATTERN, "maxLength": 20_001},
        ]
    }


def array(items: dict, min_items: int = 0, max_items: int = 100_000) -> dict:
    return {"type": "array", "items": items, "minItems": min_items, "maxItems": max_items}


def fixed(items: dict, n: int) -> dict:
    return array(items, n, n)


def text(max_length: int = 20_000) -> dict:
    return {"type": "string", "maxLength": max_length}


def enum(*values: str) -> dict:
    return {"enum": list(values)}


def obj(required: dict[str, dict], optional: dict[str, dict] | None = None) -> dict:
    props = {**required, **(optional or {}), "note": text()}
    return {
        "type": "object",
        "properties": props,
        "required": list(required),
        "additionalProperties": False,
    }


def document(title: str, body: dict) -> dict:
    return {"$schema": DRAFT, "title": title, **body}


def graph(max_vertices: int = 10_000, max_edges: int = 200_000) -> dict:
    """A simple graph on the vertices 0, …, n − 1: `n` and a list of edges [u, v]."""
    return obj(
        {
            "n": nat(0, max_vertices),
            "edges": array(fixed(nat(0, max_vertices), 2), 0, max_edges),
        }
    )


def permutation(max_degree: int = 100_000) -> dict:
    """A permutation of 0, …, d − 1 in array form: the image of each point."""
    return array(nat(0, max_degree), 1, max_degree)


def terms(max_vars: int, max_terms: int = 100_000) -> dict:
    """A polynomial as a list of terms [coefficient, [exponent of each variable]]."""
    return array(
        {
            "type": "array",
            "prefixItems": [rational(), array(nat(0, 1_000_000), 0, max_vars)],
            "minItems": 2,
            "maxItems": 2,
        },
        0,
        max_terms,
    )


def validate(schema: dict, value: Any) -> None:
    """Raise `Malformed` naming the first place `value` breaks `schema`."""
    validator = jsonschema.Draft202012Validator(schema)
    error = jsonschema.exceptions.best_match(validator.iter_errors(value))
    if error is not None:
        where = "$" + "".join(
            f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path
        )
        raise Malformed(where, error.message[:500])


def tuple_of(*items: dict) -> dict:
    """A fixed-length array whose i-th element follows items[i]."""
    return {
        "type": "array",
        "prefixItems": list(items),
        "minItems": len(items),
        "maxItems": len(items),
        "items": False,
    }


def factor_list(max_items: int = 10_000) -> dict:
    """A prime factorization: [[p, e], …] with p ≥ 2, e ≥ 1."""
    return array(tuple_of(nat(2), nat(1)), 1, max_items)
