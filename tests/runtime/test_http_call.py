"""Request building: the argument map decides where each value goes, and nothing escapes it."""

import json
from dataclasses import replace

import pytest

from generator.runtime.config.auth import CredentialSet, RequestAuth
from generator.runtime.errors import InvalidArguments
from generator.runtime.upstream.http_call import build_request, encode_path_segment
from generator.runtime.model import Binding, Credential, Limits, Param, ResponseConfig, Tool

NO_AUTH = RequestAuth({}, {}, {})


def tool(
    method: str = "GET",
    path: str = "/repos/{owner}/{repo}",
    params=(),
    content_type=None,
    security=(),
):
    return Tool(
        name="t",
        title="t",
        description="",
        input_schema={"type": "object"},
        annotations={},
        binding=Binding("http", method, path, content_type),
        params=tuple(params),
        response=ResponseConfig(),
        limits=Limits(),
        security=tuple(security),
    )


PATH = (Param("owner", "path", "owner", True), Param("repo", "path", "repo", True))


@pytest.mark.parametrize(
    "hostile, encoded",
    [
        ("../admin", "..%2Fadmin"),
        ("...", "..."),
        ("%2e%2e", "%252e%252e"),
        ("a?b=c#d", "a%3Fb%3Dc%23d"),
        ("user@evil.com", "user%40evil.com"),
        ("http://evil.com/x", "http%3A%2F%2Fevil.com%2Fx"),
        ("a\r\nX-Injected: 1", "a%0D%0AX-Injected%3A%201"),
    ],
)
def test_path_parameters_cannot_change_host_or_path(hostile: str, encoded: str) -> None:
    assert encode_path_segment(hostile) == encoded
    req = build_request(
        tool(params=PATH), "https://api.example.com/v3", {"owner": hostile, "repo": "r"}, NO_AUTH
    )
    assert req.url == f"https://api.example.com/v3/repos/{encoded}/r"


def test_query_styles_and_types() -> None:
    params = (
        Param("tags", "query", "tags", style="form", explode=True),
        Param("ids", "query", "ids", style="form", explode=False),
        Param("piped", "query", "p", style="pipeDelimited", explode=False),
        Param("flag", "query", "flag"),
        Param("filter", "query", "filter", style="deepObject", explode=True),
    )
    args = {
        "tags": ["a", "b"],
        "ids": [1, 2],
        "piped": ["x", "y"],
        "flag": False,
        "filter": {"state": "open"},
    }
    req = build_request(tool(path="/x", params=params), "http://h", args, NO_AUTH)
    assert req.query == [
        ("tags", "a"),
        ("tags", "b"),
        ("ids", "1,2"),
        ("p", "x|y"),
        ("flag", "false"),
        ("filter[state]", "open"),
    ]


def test_headers_refuse_line_breaks() -> None:
    params = (Param("trace", "header", "X-Trace"),)
    with pytest.raises(InvalidArguments):
        build_request(
            tool(path="/x", params=params), "http://h", {"trace": "a\r\nEvil: 1"}, NO_AUTH
        )
    req = build_request(tool(path="/x", params=params), "http://h", {"trace": "abc"}, NO_AUTH)
    assert req.headers["X-Trace"] == "abc"


def test_json_body_from_properties_and_whole_bodies() -> None:
    params = (Param("title", "body", "title", True), Param("body__body", "body", "body"))
    req = build_request(
        tool("POST", "/issues", params, "application/json"),
        "http://h",
        {"title": "T", "body__body": "B"},
        NO_AUTH,
    )
    assert req.body is not None and json.loads(req.body) == {"title": "T", "body": "B"}
    assert req.headers["Content-Type"] == "application/json"
    whole = build_request(
        tool("PUT", "/labels", (Param("body", "body_whole", "body", True),), "application/json"),
        "http://h",
        {"body": ["a", "b"]},
        NO_AUTH,
    )
    assert whole.body is not None and json.loads(whole.body) == ["a", "b"]


def test_form_bodies_are_urlencoded() -> None:
    params = (Param("user", "body", "username"), Param("scope", "body", "scope"))
    req = build_request(
        tool("POST", "/login", params, "application/x-www-form-urlencoded"),
        "http://h",
        {"user": "a b", "scope": ["x", "y"]},
        NO_AUTH,
    )
    assert req.body == b"username=a+b&scope=x&scope=y"


def test_credentials_are_applied_per_scheme_and_known_as_secrets() -> None:
    creds = (
        Credential("key", "api_key", "query", "api_key", ("K",)),
        Credential("tok", "bearer", env_vars=("T",)),
        Credential("basic", "basic", env_vars=("U", "P")),
    )
    cs = CredentialSet(creds, {"K": "k-secret", "T": "t-secret", "U": "user", "P": "p-secret"})
    assert build_request(
        tool(path="/x", security=["key"]), "http://h", {}, cs.for_tool(tool(security=["key"]))
    ).query == [("api_key", "k-secret")]
    assert cs.for_tool(tool(security=["tok"])).headers == {"Authorization": "Bearer t-secret"}
    assert cs.for_tool(tool(security=["basic"])).headers == {
        "Authorization": "Basic dXNlcjpwLXNlY3JldA=="
    }
    assert cs.for_tool(tool(security=[])).headers == {}
    text = "t-secret and p-secret and dXNlcjpwLXNlY3JldA== and k-secret"
    assert "secret" not in cs.secrets.redact(text).replace("[REDACTED]", "")


def test_unset_credentials_fall_through_to_the_next_scheme() -> None:
    creds = (
        Credential("a", "bearer", env_vars=("A",)),
        Credential("b", "api_key", "header", "X-Key", ("B",)),
    )
    cs = CredentialSet(creds, {"B": "bbbb"})
    assert cs.for_tool(tool(security=["a", "b"])).headers == {"X-Key": "bbbb"}


def test_a_key_and_a_token_are_both_sent_once_even_when_an_argument_names_them() -> None:
    creds = (
        Credential("APIKey", "api_key", "query", "key", ("K",)),
        Credential("APIToken", "api_key", "query", "token", ("T",)),
    )
    cs = CredentialSet(creds, {"K": "env-key", "T": "env-token"})
    t = tool(
        path="/boards",
        params=[Param("key", "query", "key"), Param("q", "query", "q")],
        security=["APIKey", "APIToken"],
    )
    t = replace(t, security_groups=(("APIKey", "APIToken"),))  # required together
    req = build_request(t, "http://h", {"key": "model-key", "q": "x"}, cs.for_tool(t))
    assert sorted(req.query) == [("key", "env-key"), ("q", "x"), ("token", "env-token")]


def test_alternative_credentials_send_only_one_and_groups_go_together() -> None:
    creds = (
        Credential("header", "api_key", "header", "X-Key", ("H",)),
        Credential("basic", "basic", env_vars=("U", "P")),
        Credential("key", "api_key", "query", "key", ("K",)),
        Credential("token", "api_key", "query", "token", ("T",)),
    )
    cs = CredentialSet(creds, {"H": "hhhh", "U": "user", "P": "pass", "K": "kkkk", "T": "tttt"})
    either = cs.for_tool(tool(security=["header", "basic"]))  # any one of them
    assert (either.headers, either.query) == ({"X-Key": "hhhh"}, {})
    t = replace(
        tool(security=["basic", "key", "token"]),
        security_groups=(("key", "token"), ("basic",)),
    )
    both = cs.for_tool(t)  # the first alternative whose schemes are all configured
    assert (both.headers, both.query) == ({}, {"key": "kkkk", "token": "tttt"})
    partly = CredentialSet(creds, {"K": "kkkk", "U": "user", "P": "pass"}).for_tool(
        replace(t, security_groups=(("key", "token"), ("basic",)))
    )
    assert partly.headers == {"Authorization": "Basic dXNlcjpwYXNz"} and partly.query == {}


def test_two_credentials_for_the_same_header_send_it_once() -> None:
    creds = (
        Credential("a", "bearer", env_vars=("A",)),
        Credential("b", "api_key", "header", "authorization", ("B",)),
    )
    cs = CredentialSet(creds, {"A": "aaaa", "B": "bbbb"})
    assert cs.for_tool(tool(security=["a", "b"])).headers == {"Authorization": "Bearer aaaa"}


@pytest.mark.parametrize(
    "args", [{"owner": "o"}, {"owner": "o", "repo": ""}, {"owner": "o", "repo": " "}]
)
def test_a_missing_or_empty_path_argument_is_refused_not_sent_as_an_empty_segment(
    args: dict,
) -> None:
    optional = (Param("owner", "path", "owner", True), Param("repo", "path", "repo", False))
    with pytest.raises(InvalidArguments, match="repo"):
        build_request(tool(params=optional), "https://api.example.com", args, NO_AUTH)


def test_constant_parameters_are_always_sent() -> None:
    params = (
        Param("Action", "query", "Action", const="AddPermission"),
        Param("Target", "header", "X-Amz-Target", const="Svc.Op"),
        Param("QueueUrl", "query", "QueueUrl"),
    )
    req = build_request(
        tool(path="/", params=params), "https://h", {"QueueUrl": "q", "Action": "Other"}, NO_AUTH
    )
    assert req.url == "https://h/"
    assert req.query == [("Action", "AddPermission"), ("QueueUrl", "q")]
    assert req.headers["X-Amz-Target"] == "Svc.Op"


def test_deep_object_form_fields_use_bracket_notation() -> None:
    params = (
        Param("metadata", "body", "metadata", style="deepObject"),
        Param("expand", "body", "expand", style="deepObject"),
        Param("amount", "body", "amount"),
    )
    req = build_request(
        tool("POST", "/v1/charges", params, "application/x-www-form-urlencoded"),
        "http://h",
        {"amount": 100, "metadata": {"order": "6735", "tags": ["a"]}, "expand": ["customer"]},
        NO_AUTH,
    )
    assert (
        req.body
        == b"metadata%5Border%5D=6735&metadata%5Btags%5D%5B0%5D=a&expand%5B0%5D=customer&amount=100"
    )


def test_header_defaults_are_sent_unless_overridden() -> None:
    params = (Param("Notion-Version", "header", "Notion-Version", default="2025-09-03"),)
    assert (
        build_request(tool(path="/x", params=params), "http://h", {}, NO_AUTH).headers[
            "Notion-Version"
        ]
        == "2025-09-03"
    )
    got = build_request(
        tool(path="/x", params=params), "http://h", {"Notion-Version": "2022-06-28"}, NO_AUTH
    )
    assert got.headers["Notion-Version"] == "2022-06-28"


@pytest.mark.parametrize(
    "value, message",
    [
        (".", "'owner' would make the path segment '.'"),
        ("..", "'owner' would make the path segment '..'"),
        ([".."], "'owner' would make the path segment '..'"),
        ([], "'owner' would make the path segment ''"),
        ("", "'owner' must not be empty"),
    ],
)
def test_a_path_value_that_would_be_a_dot_segment_or_empty_is_refused(value, message) -> None:
    """``%2E%2E`` is decoded to ``..`` by servers that decode before normalising."""
    with pytest.raises(InvalidArguments, match=message):
        build_request(tool(params=PATH), "https://h/v3", {"owner": value, "repo": "r"}, NO_AUTH)


def test_a_dot_segment_made_of_two_arguments_is_refused_naming_both() -> None:
    params = (Param("name", "path", "name", True), Param("ext", "path", "ext", True))
    with pytest.raises(InvalidArguments, match="'name', 'ext'"):
        build_request(
            tool(path="/files/{name}{ext}", params=params),
            "https://h",
            {"name": ".", "ext": "."},
            NO_AUTH,
        )
    ok = build_request(
        tool(path="/files/{name}{ext}", params=params),
        "https://h",
        {"name": "a", "ext": ".b"},
        NO_AUTH,
    )
    assert ok.url == "https://h/files/a.b"


@pytest.mark.parametrize(
    "value, explode, wire",
    [
        ([1, 2, 3], False, "1,2,3"),
        ([1, 2, 3], True, "1,2,3"),
        (["a/b", "c,d", "é"], False, "a%2Fb,c%2Cd,%C3%A9"),
        ({"role": "admin", "first": "Alex"}, False, "role,admin,first,Alex"),
        ({"role": "admin", "first": "Alex"}, True, "role=admin,first=Alex"),
        (True, False, "true"),
    ],
)
def test_path_arrays_and_objects_use_style_simple(value, explode, wire) -> None:
    params = (Param("ids", "path", "ids", True, style="simple", explode=explode),)
    req = build_request(
        tool(path="/items/{ids}", params=params), "https://h", {"ids": value}, NO_AUTH
    )
    assert req.url == f"https://h/items/{wire}"


def test_header_arrays_and_objects_use_style_simple() -> None:
    params = (Param("tags", "header", "X-Tags"), Param("meta", "header", "X-Meta", explode=True))
    req = build_request(
        tool(path="/x", params=params), "http://h", {"tags": ["a", "b"], "meta": {"k": 1}}, NO_AUTH
    )
    assert (req.headers["X-Tags"], req.headers["X-Meta"]) == ("a,b", "k=1")


@pytest.mark.parametrize(
    "hostile", ["dark; session=attacker", "a,b", "dark mode", 'x"y', "a\\b", "é"]
)
def test_cookie_values_outside_rfc6265_octets_are_refused(hostile: str) -> None:
    params = (Param("pref", "cookie", "pref"),)
    with pytest.raises(InvalidArguments, match="Cookie argument 'pref' contains"):
        build_request(tool(path="/x", params=params), "http://h", {"pref": hostile}, NO_AUTH)
    ok = build_request(
        tool(path="/x", params=params), "http://h", {"pref": "dark=1&x:y/z%20"}, NO_AUTH
    )
    assert ok.cookies == {"pref": "dark=1&x:y/z%20"}
