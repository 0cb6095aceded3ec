"""A label written in several languages or renderings (``nameEn`` beside ``nameFr``,
``title_original`` beside ``title_highlighted``) is a label (``roles/label.label_words``):
a listed item keeps one, in English first, a marked-up rendering after the plain one; and
the judge, written apart, counts such a label lost when none is kept. Shapes synthesized
from the tuning half of the directory corpus (a public-holidays API's provinces, a podcast
search)."""

from generator.preview.judge import judge
from generator.runtime.shaping.defaults import choose_default_fields
from generator.runtime.shaping.roles.label import is_label

PROVINCE = {
    "id": "string",
    "nameFr": "string",
    "nameEn": "string",
    "sourceLink": "string:uri",
    "holidays": [{"id": "integer", "date": "string:date", "nameEn": "string"}],
}
EPISODE = {
    "id": "string",
    "audio": "string:uri",
    "image": "string:uri",
    "audio_length_sec": "integer",
    "title_highlighted": "string",
    "title_original": "string",
    "description_highlighted": "string",
    "description_original": "string",
    "pub_date_ms": "integer",
}


def test_a_label_in_several_languages_is_one_label_in_english_first():
    chosen = choose_default_fields(PROVINCE, item=True, kind="read")
    assert "nameEn" in chosen and "nameFr" not in chosen, chosen
    assert is_label("name_fr") and is_label("title_original") and is_label("nameEn")
    assert not is_label("name_id") and not is_label("title_it")  # an identity; not a language


def test_a_search_hit_keeps_its_plain_title_not_the_highlighted_one():
    chosen = choose_default_fields(EPISODE, item=True, kind="search")
    assert "title_original" in chosen and "title_highlighted" not in chosen, chosen


def test_the_judge_counts_a_label_in_a_language():
    body = {
        "provinces": [{"id": "AB", "nameEn": "Alberta"}, {"id": "BC", "nameEn": "British Columbia"}]
    }
    lost = judge(body, {"provinces": [{"id": "AB"}, {"id": "BC"}]}).lost
    assert any("label" in line for line in lost), lost
    assert not judge(body, body).lost
