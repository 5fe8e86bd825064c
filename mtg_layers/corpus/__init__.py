"""Loading corpus cases (an edge: files, YAML, JSON Schema) into ``reference.case.Case`` values, in stages.

Every error names the file, the field path and what was expected (``errors.CorpusError``).

* ``read``: a file read and parsed as JSON-compatible YAML, safely;
* ``schema``: the JSON Schema check;
* ``meaning``: the checks of meaning a schema cannot express;
* ``build``: checked data built into the reference's values;
* ``load``: the stages in order, for data, a file or a corpus directory;
* ``authoring``: hints for a case writer's natural mistakes, in words;
* ``serialise``: the other way, a board written back as a case file;
* ``profile_file``: a user's rules profile read from a file;
* ``rulings``: the list of official rulings (``corpus/rulings/``), one file per card, read and checked.

The public API is importable from here (``from mtg_layers.corpus import load_case``). It may
import ``reference``, ``mtg_layers.paths`` and third-party packages (PyYAML; jsonschema, only
where a schema is checked), never another package of the tools: they all build on it. The
playground runs it under Pyodide, so a module-level import here is standard library, PyYAML
or ``reference``.
"""

from ..paths import CASES_DIR, CORPUS_DIR, ROOT, SCHEMA_DIR
from .errors import CorpusError
from .load import case_files, case_from_data, load_case, load_corpus, load_corpus_tolerant
from .read import read_yaml
from .schema import schema, validate_schema

__all__ = [
    "CASES_DIR",
    "CORPUS_DIR",
    "ROOT",
    "SCHEMA_DIR",
    "CorpusError",
    "case_files",
    "case_from_data",
    "load_case",
    "load_corpus",
    "load_corpus_tolerant",
    "read_yaml",
    "schema",
    "validate_schema",
]
