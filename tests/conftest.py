import importlib.util

import pytest

if importlib.util.find_spec("xdist") is None:
    # pyproject's addopts (-n auto --dist worksteal) run the suite on every core with
    # pytest-xdist; an environment installed before it joined the test extra still runs the
    # tests, in one process, and says how to get the parallel run.

    def pytest_addoption(parser: pytest.Parser) -> None:
        group = parser.getgroup("xdist")  # _addoption: as xdist itself declares "-n"
        group._addoption("-n", dest="numprocesses", default=None, help="(needs pytest-xdist)")
        group.addoption("--dist", dest="dist", default="no", help="(needs pytest-xdist)")

    def pytest_report_header() -> str:
        return "pytest-xdist is not installed: one process (pip install -e '.[test]' for all cores)"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
