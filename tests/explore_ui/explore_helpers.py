"""Explore scene tests use the shared table helpers (tests/ui/table_helpers.py)."""

from table_helpers import (  # noqa: F401  (re-exported)
    click, click_in_list, click_on_table, free_point, make_app, pass_screen_or_wait, pump, route_to, run_until,
    screen_rect, scroll_into_view, start,
)
