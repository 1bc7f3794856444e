"""MySQL's partial JSON updates (PARTIAL_UPDATE_ROWS_EVENT diffs) applied to the document
they change: the subset of JSON paths the diffs use, and REPLACE/INSERT/REMOVE."""

from __future__ import annotations

import contextlib
import copy
import json
from typing import Any


def apply_json_diff(document: Any, diff: list[dict[str, Any]]) -> Any:
    """Apply MySQL JSON diff operations (REPLACE/INSERT/REMOVE at a JSON path) to a
    document; raises ValueError for a path this does not understand."""
    result = copy.deepcopy(document)
    for op in diff:
        steps = _json_path(op["path"])
        if not steps:
            if op["operation"] != "REPLACE":
                raise ValueError("only REPLACE applies to the whole document")
            result = op["value"]
            continue
        parent = result
        for step in steps[:-1]:
            parent = parent[step]
        last = steps[-1]
        if op["operation"] == "REMOVE":
            del parent[last]
        elif op["operation"] == "INSERT" and isinstance(parent, list):
            parent.insert(last, op["value"])
        else:
            parent[last] = op["value"]
    return result


def _json_path(path: str) -> list[str | int]:
    """``$.a."b c"[3]`` -> ['a', 'b c', 3] (the subset of JSON paths JSON diffs use)."""
    if not path.startswith("$"):
        raise ValueError(f"not a JSON path: {path!r}")
    steps: list[str | int] = []
    i = 1
    while i < len(path):
        if path[i] == "[":
            end = path.index("]", i)
            steps.append(int(path[i + 1:end]))
            i = end + 1
        elif path[i] == "." and path[i + 1:i + 2] == '"':
            end = i + 2
            while path[end] != '"':
                end += 2 if path[end] == "\\" else 1
            steps.append(json.loads(path[i + 1:end + 1]))
            i = end + 1
        elif path[i] == ".":
            end = i + 1
            while end < len(path) and path[end] not in ".[":
                end += 1
            steps.append(path[i + 1:end])
            i = end
        else:
            raise ValueError(f"unsupported JSON path: {path!r}")
    return steps


def patched(before: dict[str, Any], name: str, diff: dict[str, Any]) -> Any:
    """The document a JSON diff (``{"json_diff": [...]}``) makes of the before image's,
    when the before image has it and the paths are understood; else the diff itself."""
    if name in before:
        with contextlib.suppress(ValueError, KeyError, IndexError, TypeError):
            return apply_json_diff(before[name], diff["json_diff"])
    return diff
