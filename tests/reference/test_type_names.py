"""Tribal renamed kindred (205.2a, 308; 2024-06-07): every object is read with its rules version's word."""

from __future__ import annotations

from dataclasses import replace

from reference.type_names import with_type_names
from reference.versions import get_version

from ..builders import board, chars, obj

OLD, NEW = get_version("ikoria"), get_version("current")  # 2020: "tribal"; from 2024-06-07: "kindred"


def test_205_2a_each_face_is_read_with_the_word_of_the_rules_version() -> None:
    """A tribal instant is a kindred instant under the current rules, and a kindred one tribal under 2020's; the
    back face is renamed too, and nothing else about the object changes."""
    tribal = replace(obj("t"), printed=chars("Tribal", types=frozenset({"tribal", "instant"})))
    kindred = obj("k", back_face=chars("Back", types=frozenset({"kindred", "sorcery"})))
    renamed = with_type_names(board(tribal, kindred), NEW).objects
    assert renamed["t"].printed.types == {"kindred", "instant"}
    assert renamed["t"].printed.with_(types=tribal.printed.types) == tribal.printed
    assert renamed["k"] is kindred, "already the current word"
    older = with_type_names(board(tribal, kindred), OLD).objects
    assert older["t"] is tribal
    assert older["k"].back_face is not None and older["k"].back_face.types == {"tribal", "sorcery"}
    assert older["k"].printed == kindred.printed


def test_an_object_without_the_type_is_left_as_it_is() -> None:
    plain = obj("c")
    assert with_type_names(board(plain), NEW).objects["c"] is plain
    assert with_type_names(board(plain), OLD).objects["c"] is plain
