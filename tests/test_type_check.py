"""The type check `.ci/run` runs beside ruff: mypy over all of generator/, the runtime (copied
into every generated package) with every check of mypy's own ``--strict``, and over tests/, whose
bodies are checked though test functions may go unannotated.

The runtime's flags are listed one by one in pyproject.toml: ``strict = true`` in an overrides
section is applied by mypy to every module, not to the ones the section names.
"""

import tomllib

from mypy.main import define_options

from tests.support.paths import REPO

RUNTIME = ["generator.runtime", "generator.runtime.*"]
TESTS = ["tests", "tests.*"]


def _config() -> dict:
    return tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]


def test_ci_type_checks_generator_and_the_tests_before_running_them() -> None:
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert "\npython -m mypy\n" in ci  # no arguments: the files are [tool.mypy]'s
    assert ci.index("\npython -m mypy\n") < ci.index("\npython -m pytest\n")
    assert _config()["files"] == ["generator", "tests"]


def test_every_test_body_is_checked() -> None:
    config = _config()
    tests = [o for o in config["overrides"] if o["module"] == TESTS]
    assert len(tests) == 1, f"one overrides section for {TESTS}"
    # unannotated test functions are allowed, unchecked bodies are not
    assert tests[0]["check_untyped_defs"] is True
    assert config["explicit_package_bases"] is True  # tests.<folder>.<module>: no clashes


def test_the_runtime_gets_every_check_of_strict() -> None:
    config = _config()
    runtime = [o for o in config["overrides"] if o["module"] == RUNTIME]
    assert len(runtime) == 1, f"one overrides section for {RUNTIME}"
    _, _, strict = define_options()  # mypy's own list: a new check of a newer mypy shows here
    missing = {
        flag: value for flag, value in strict if runtime[0].get(flag, config.get(flag)) != value
    }
    assert missing == {}


def test_no_overrides_section_says_strict() -> None:
    assert [o["module"] for o in _config()["overrides"] if "strict" in o] == []


def test_every_ignore_names_its_error_and_unused_ones_are_reported() -> None:
    config = _config()
    assert "ignore-without-code" in config["enable_error_code"]
    assert config["warn_unused_ignores"] is True
    assert "ignore_missing_imports" not in config  # only per module, for named packages
