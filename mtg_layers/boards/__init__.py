"""Generated boards: the one package of board generators, for ``prove``, the property tests and the fuzzer.

* ``vocabulary``: the few words every generator draws from;
* ``property_boards``: small random boards for the property tests (``tests/strategies.py``) and
  for drawing the stored boards again;
* ``observable_shapes``: the families of small boards ``mtg-layers prove --observable`` searches
  (keyword counters, copy exceptions, legends, negative amounts, double-faced, equal timestamps);
* ``stored``: the boards ``mtg-layers prove`` checks, drawn once and stored
  (``mtg_layers/data/prove-boards.json``);
* ``fuzz_settings``, ``fuzz_pieces``, ``fuzz_tags``, ``fuzz_boards``: the boards of
  ``mtg-layers conformance --generated``, weighted by feature tag, holding only what the engine
  declares.

It may import ``reference``, ``mtg_layers.corpus`` (every board is loaded as a case),
``mtg_layers.analysis.coverage`` (the feature tags), ``mtg_layers.checking.results`` and
hypothesis; ``stored`` does not import hypothesis, so ``prove`` runs without it.
"""
