"""Misreadings."""

from __future__ import annotations

from .base import Misreading

MISREADINGS: tuple[Misreading, ...] = ()
