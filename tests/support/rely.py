"""The small reliability API (spec, overlay, generated package): see generator/bench/load_api."""

from generator.bench.load_api import MODULE, OVERLAY, SPEC, items, make_package

__all__ = ["MODULE", "OVERLAY", "SPEC", "items", "make_package"]
