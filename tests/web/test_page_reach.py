"""Hit areas that never cover each other (issue 42): an offered spot lies above the figures,
so a tap at its centre reaches the spot, not the hit area of a figure beside it — on the
laptop and on a phone (elementFromPoint at each spot's centre and each figure's centre
where no spot lies on it)."""

from __future__ import annotations

from typing import Any

from browser_helpers import PHONE_OR_LAPTOP, Pages, first_action, screen
from web_helpers import LiveServer

_AT_CENTRES = """() => {
  const hitAt = (r) => document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  const spots = [...document.querySelectorAll('#spots .spot-g')];
  const inside = (r) => r.left >= 0 && r.top >= 0
    && r.right <= innerWidth && r.bottom <= innerHeight;
  const shown = spots.filter((g) => inside(g.querySelector('.spot').getBoundingClientRect()));
  return {
    spots: shown.length,
    missed: shown.filter((g) => hitAt(g.querySelector('.spot').getBoundingClientRect())
      ?.closest('[data-spot]')?.dataset.spot !== g.dataset.spot)
      .map((g) => g.getAttribute('aria-label')),
  };
}"""


@PHONE_OR_LAPTOP
def test_every_offered_spot_is_reached_at_its_centre(
    live: LiveServer, pages: Pages, size: dict[str, int], touch: bool
) -> None:
    page, _, mine = first_action(live, pages, size, touch)
    x, y = screen(page, mine["position"])
    if touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)
    page.wait_for_selector(f'[data-figure="{mine["name"]}"].selected')
    page.wait_for_selector("#spots .spot-g")
    found: dict[str, Any] = page.evaluate(_AT_CENTRES)
    assert found["spots"] >= 3, found
    assert not found["missed"], found
