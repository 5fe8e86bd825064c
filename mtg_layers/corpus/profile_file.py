"""Loading a user's rules profile from a file (an edge): try a proposed rule change without code."""

from __future__ import annotations

import re
from pathlib import Path

from reference.versions import FLAGS, ProfileError, RulesVersion, builtin_profile_data, version_from_mapping

from .authoring import suggest
from .errors import CorpusError
from .read import read_yaml


def load_profile(path: Path) -> RulesVersion:
    """Read a JSON or YAML profile file (same shape as reference/profiles/*.json)."""
    data = read_yaml(path)  # JSON is YAML too; safe loading, no aliases
    try:
        return version_from_mapping(data, where=str(path), bases=builtin_profile_data())
    except ProfileError as exc:
        field, message = profile_field(str(exc).removeprefix(f"{path}: "))
        if field.startswith("flags.") and message.startswith("unknown flag"):  # a misspelt flag: the nearest one
            hint = suggest(field.removeprefix("flags."), FLAGS)
            message = message.replace(";", f"{hint};", 1) if hint else message
        raise CorpusError(str(path), field, message) from None


def profile_field(message: str) -> tuple[str, str]:
    """A profile error's field path (``flags.legend_rule``, ``slots[2].layer``) and the rest of its message; a
    message about the whole profile has no field (issue 33: nested fields were shown as "(top level)")."""
    found = re.match(r"([A-Za-z_][A-Za-z0-9_]*(?:\[\d+\]|\.[A-Za-z_][A-Za-z0-9_]*)*): (.*)", message, re.S)
    named = re.match(r"field '([A-Za-z_]+)' (.*)", message, re.S)  # "field 'slots' must be a list, got null"
    if named is not None:
        return named.group(1), message
    if found is None:
        return "", message
    return found.group(1), found.group(2)
