"""The environment variables of an upstream OAuth2 scheme, named after its token variable.

One place for the convention: the runtime reads them (oauth.py), the generator lists them in
the package's README and ``server.json``.
"""

from __future__ import annotations


def oauth_variables(var: str) -> dict[str, str]:
    """``var`` holds an access token (optional); the others obtain and refresh one."""
    return {
        "client_id": f"{var}_CLIENT_ID",
        "client_secret": f"{var}_CLIENT_SECRET",
        "refresh_token": f"{var}_REFRESH_TOKEN",
        "token_url": f"{var}_TOKEN_URL",
        "scopes": f"{var}_SCOPES",
    }
