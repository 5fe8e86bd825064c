"""Resolutions and the corpus said for people: the trace in words, terminal tables, version diffs, coverage.

* ``trace_text``: the trace in words a judge can follow (``explain``, the site, the playground);
* ``terminal_render``: tables of results and traces for the terminal, with rich;
* ``version_diff``: every case and step whose answer differs between two rules versions;
* ``coverage``: the cases that exercise each implemented rule and feature tag.

It may import ``reference``, ``mtg_layers.corpus``, ``mtg_layers.checking.results`` and
third-party packages (rich); ``trace_text`` imports only the standard library and
``reference``, since the playground runs it under Pyodide.
"""
