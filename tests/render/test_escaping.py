"""Every spec string reaches generated files through one escaping path per language."""

import ast
import json
import re
import tomllib

import pytest

from generator.ir import (
    Annotations,
    HttpBinding,
    OperationSpec,
    ParamSpec,
    ResponseShape,
    SecurityScheme,
    ServerSpec,
)
from generator.render.escaping import md_code, md_text, py_literal, sh_word, toml_string
from generator.render.plan import plan_package

HOSTILE = [
    '"""; import os #',
    "'''; import os; os.system('x') #",
    'line1\nline2\r\n"quoted" \\ back\\slash',
    "{{ jinja }} {% raw %} {# c #}",
    "<script>alert(1)</script> | pipe | `tick` ```fence```",
    "\u2028unicode\u2029 é 🚀 \x00nul",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_python_literal_round_trips(text: str) -> None:
    assert ast.literal_eval(py_literal(text)) == text


@pytest.mark.parametrize("text", HOSTILE)
def test_toml_string_round_trips(text: str) -> None:
    assert tomllib.loads(f"x = {toml_string(text)}")["x"] == text


@pytest.mark.parametrize("text", HOSTILE)
def test_markdown_text_stays_on_one_line_and_escapes_controls(text: str) -> None:
    out = md_text(text)
    assert "\n" not in out and "\r" not in out
    assert "<script>" not in out and "`tick`" not in out


def test_code_span_cannot_be_closed_early() -> None:
    assert md_code("a``b") == "```a``b```"
    assert md_code("`x") == "`` `x ``"


def test_shell_word_is_one_line_and_quoted() -> None:
    assert sh_word("http://x/ ; rm -rf /\n```") == "'http://x/ ; rm -rf / ```'"


def hostile_spec(text: str) -> ServerSpec:
    param = ParamSpec("q", "query", "q", False, {"type": "string", "description": text}, text)
    op = OperationSpec(
        id=text,
        tool_name="hostile_tool",
        title=text,
        description=text,
        params=(param,),
        input_schema={"type": "object", "properties": {"q": param.schema}},
        binding=HttpBinding("GET", "/items"),
        response=ResponseShape(default_fields=("id",)),
        annotations=Annotations(read_only=True),
    )
    return ServerSpec(
        name="hostile",
        title=text,
        version="1.0.0",
        description=text,
        source_kind="openapi",
        source_file="x.yaml",
        base_url="http://example.invalid/" + text.replace("\n", ""),
        operations=(op,),
        security=(SecurityScheme("k", "api_key", "header", "X-Key", ("HOSTILE_K",), text),),
        license="MIT",
        api_version=text,
    )


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_strings_produce_valid_files_with_the_exact_values(text: str) -> None:
    files = plan_package(hostile_spec(text))
    for name, content in files.items():
        if name.endswith(".py"):
            ast.parse(content.decode(), filename=name)  # valid Python, nothing injected
    init = files["src/hostile_mcp/__init__.py"].decode()
    module = ast.parse(init)
    assigns = {
        node.targets[0].id: ast.literal_eval(node.value)
        for node in module.body
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
    }
    assert assigns["TITLE"] == text
    pyproject = tomllib.loads(files["pyproject.toml"].decode())
    assert pyproject["project"]["name"] == "hostile-mcp"
    data = json.loads(files["src/hostile_mcp/spec.json"])
    assert data["server"]["title"] == text
    assert data["tools"][0]["title"] == text
    readme = files["README.md"].decode()
    no_blocks = re.sub(r"^```.*?^```$", "", readme, flags=re.S | re.M)
    outside_code = re.sub(r"(`+).*?\1", "", no_blocks)
    assert "<script>" not in outside_code
    assert "import os" not in init.replace(repr(text), "")
