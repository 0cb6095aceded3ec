"""A read of a configuration too big or too mixed to be a page of settings (named groups,
texts, lists of choices, groups three levels down) says its switches, what is on and what
is off, beside what the usual rules keep; a record named by an id of its own (a user and its
permission flags) does not. Synthesized bodies with the layout self-hosted servers publish;
no vendor's text."""

from __future__ import annotations

import json
from typing import Any

from generator.runtime.shaping.pipeline import ShapeConfig, shape


def _read(body: dict[str, Any]) -> dict[str, Any]:
    result = shape(body, ShapeConfig(kind="read"))
    assert not result.violations
    out = json.loads(result.chunks[0])
    assert isinstance(out, dict)
    return out


def _config() -> dict[str, Any]:
    return {
        "ffmpeg": {
            "crf": 23,
            "threads": 0,
            "preset": "ultrafast",
            "targetResolution": "720",
            "acceptedVideoCodecs": ["h264", "hevc"],
            "twoPass": False,
            "accelDecode": True,
        },
        "oauth": {
            "enabled": False,
            "clientId": "photos-web",
            "buttonText": "Sign in with your company account",
            "autoLaunch": False,
            "autoRegister": True,
            "scope": "openid email profile",
        },
        "trash": {"enabled": True, "days": 30},
        "passwordLogin": {"enabled": True},
        "map": {"enabled": True, "lightStyle": "https://tiles.example.com/light.json"},
        "newVersionCheck": {"enabled": False},
        "notifications": {
            "smtp": {
                "enabled": False,
                "from": "photos@example.com",
                "transport": {"host": "smtp.example.com", "port": 587, "username": "photos"},
            }
        },
        "machineLearning": {
            "enabled": True,
            "urls": ["http://ml:3003"],
            "clip": {"enabled": True, "modelName": "ViT-B-32"},
        },
    }


def test_a_configurations_switches_are_said() -> None:
    out = _read(_config())
    assert out["oauth"]["enabled"] is False and out["oauth"]["autoRegister"] is True
    assert out["trash"]["enabled"] is True and out["passwordLogin"]["enabled"] is True
    assert out["newVersionCheck"]["enabled"] is False
    assert out["notifications"]["smtp"]["enabled"] is False
    assert out["machineLearning"]["clip"]["enabled"] is True
    assert out["ffmpeg"]["twoPass"] is False


def test_a_record_named_by_its_own_id_keeps_its_lean_reading() -> None:
    flags = {f"can{verb}{thing}": True for verb in ("View", "Edit") for thing in "ABCDE"}
    out = _read(
        {
            "userId": "u-81",
            "status": "active",
            "createdDate": "2024-05-01T12:00:00Z",
            "isLockedOut": False,
            "permissions": flags,
        }
    )
    assert out["userId"] == "u-81"
    assert "canEditE" not in json.dumps(out)


def test_a_configuration_merging_every_kind_of_things_settings_says_what_it_holds() -> None:
    # one schema for every engine's settings (hundreds of values, a switch among them per
    # engine); an answer holds one engine's: its values, not the switches standing in for them
    from generator.runtime.shaping.settings import CONFIG_VALUES, switches

    merged: dict[str, Any] = {}
    for i in range(CONFIG_VALUES // 3 + 1):
        merged[f"engine{i}_enabled"] = "boolean"
        merged[f"engine{i}_mode"] = "string"
        merged[f"engine{i}_timeout"] = "integer"
    assert switches(merged) == ()
    assert switches(dict(list(merged.items())[:30])) != ()
