"""Property: for any JSON value, shaping never raises, pages are valid JSON within budget."""

import json

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from generator.runtime.shaping.pipeline import FieldSelectionError, ShapeConfig, shape
from generator.runtime.shaping.tokens import count_tokens

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**12), max_value=10**12)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=400)
)
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=12)
    | st.dictionaries(st.text(max_size=12), children, max_size=10),
    max_leaves=120,
)
field_paths = st.lists(st.sampled_from(["*", "a", "a.b", "id", "x.*", "name"]), max_size=3)

# threshold <= page budget, so every result (paged or not) must fit the page budget
CONFIG = ShapeConfig(
    chunk_threshold_tokens=120, chunk_tokens=160, max_chars=80, max_chars_detailed=300
)
RESERVE = 20
BUDGET = CONFIG.chunk_tokens - RESERVE


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    value=json_values,
    fields=st.none() | field_paths,
    detail=st.sampled_from(["concise", "detailed"]),
    collection=st.sampled_from([None, "", "a"]),
)
@example(  # a key written as a dot beside an empty key: the settings page's cost raised
    value={"": False, "0": False, "1": False, "2": False, "00": False, "000": False, ".": None},
    fields=None,
    detail="concise",
    collection=None,
)
def test_shape_never_raises_and_pages_are_valid_json_within_budget(
    value, fields, detail, collection
):
    config = ShapeConfig(**{**CONFIG.__dict__, "collection_path": collection})
    try:
        result = shape(
            value, config, fields=fields, detail_level=detail, footer_reserve_tokens=RESERVE
        )
    except FieldSelectionError as exc:  # the one documented refusal: no path matched at all
        assert exc.unknown == [f.strip() for f in dict.fromkeys(fields) if f.strip()]
        return
    assert result.chunks
    for chunk, tokens in zip(result.chunks, result.token_counts, strict=True):
        json.loads(chunk)
        assert tokens == count_tokens(chunk)
        assert tokens <= BUDGET


@settings(max_examples=60, deadline=None)
@given(value=json_values)
def test_markdown_never_raises_and_pages_stay_within_budget(value):
    result = shape(
        value,
        CONFIG,
        detail_level="detailed",
        response_format="markdown",
        footer_reserve_tokens=RESERVE,
    )
    assert result.chunks
    assert all(t <= BUDGET for t in result.token_counts)
