import pytest

pytestmark = pytest.mark.e2e
