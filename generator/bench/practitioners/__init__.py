"""The practitioners' yardstick (issue 23): ``python -m generator.bench.practitioners``.

Measures a generated server's default response shaping against what public, hand-written MCP
servers return by default for the same upstream operations (``data/practitioners.yaml``,
sources and licenses in ``data/SOURCES.md``), on the same bodies, split by API into a tuning
half and a held-back half. See ``data.py`` (the data), ``run.py`` (the calls), ``scoring.py``
(the measures) and ``report.py`` (the tables).
"""
