"""The companion's answers of issue 42, as the command line gives them (D-24, D-12, A11).

- Nine Lives draws from the cards not on the table: never the shot's attack or defence card;
- a hidden target beyond 2" is no target: "may not be targeted, the spade stays in hand";
- with the target's HP the hand's attacks rank by the chance to take it out, then wounds.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

SHOT = {"card": "Q♠", "weapon": "winchester", "distance": 7, "defense": "4♥", "cover": "medium"}


def _post(client: TestClient, path: str, body: dict[str, Any]) -> Any:
    response = client.post(f"/api/companion/{path}", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def test_nine_lives_never_draws_a_card_lying_on_the_table(client: TestClient) -> None:
    for seed in range(40):
        body = {**SHOT, "target_hp": 0, "nine_lives": True, "seed": seed}
        drawn = _post(client, "attack", body)["aftermath"]["nine_lives"]
        assert {drawn["own"], drawn["killer"]}.isdisjoint({"Q♠", "4♥"})


def test_a_hidden_target_beyond_two_inches_is_no_target(client: TestClient) -> None:
    shot = {"card": "A♠", "weapon": "colt", "distance": 3, "cover": "hidden"}
    en = _post(client, "attack", {**shot, "lang": "en"})
    assert en["verdict"] == "NOT A TARGET — hidden: the spade stays in hand"
    assert any('more than 2" away: it may not be targeted' in line for line in en["lines"])
    de = _post(client, "attack", {**shot, "lang": "de"})
    assert de["verdict"] == "KEIN ZIEL — versteckt: das Pik bleibt auf der Hand"
    near = _post(client, "attack", {**shot, "distance": 2, "lang": "en"})
    assert near["result"]["effective_cover"] == "hard"  # within 2": attacked in hard cover


def test_with_the_targets_hp_the_attack_that_takes_it_out_ranks_first(client: TestClient) -> None:
    hand = {"cards": ["A♠", "JK"], "weapon": "colt", "distance": 4}
    assert _post(client, "odds", hand)["best"] == "A♠"  # more wounds expected
    ranked = _post(client, "odds", {**hand, "target_hp": 1})
    assert ranked["best"] == "Joker"  # 90.4 % out against A♠'s 81.5 %
    outs = [a["out_float"] for a in ranked["attacks"]]
    assert outs == sorted(outs, reverse=True)
