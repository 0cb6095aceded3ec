"""Benchmarks: commands that print tables (``python -m generator.bench.<name>``), not timed tests."""
