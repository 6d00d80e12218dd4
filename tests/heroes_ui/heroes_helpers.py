"""Heroes scene tests use the shared table helpers (tests/ui/table_helpers.py)."""

from table_helpers import (  # noqa: F401  (re-exported)
    click, click_in_list, click_on_table, make_app, pass_screen_or_wait, pump, run_until, scroll_into_view, start,
)
from table_helpers import screen_rect as screen_size  # noqa: F401
