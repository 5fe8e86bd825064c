"""Loading a user's rules profile from a file (an edge): try a proposed rule change without code."""

from __future__ import annotations

from pathlib import Path

from reference.versions import ProfileError, RulesVersion, builtin_profile_data, version_from_mapping

from .errors import CorpusError
from .read import read_yaml


def load_profile(path: Path) -> RulesVersion:
    """Read a JSON or YAML profile file (same shape as reference/profiles/*.json)."""
    data = read_yaml(path)  # JSON is YAML too; safe loading, no aliases
    try:
        return version_from_mapping(data, where=str(path), bases=builtin_profile_data())
    except ProfileError as exc:
        raise CorpusError(str(path), "", str(exc).removeprefix(f"{path}: ")) from None
