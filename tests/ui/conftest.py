"""UI test fixtures: a headless app that is closed after each test."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from ui_helpers import make_app  # noqa: E402


@pytest.fixture
def app():
    application = make_app()
    yield application
    application.close()
