"""The companion's JSON API (issue 26): the same answers as ``attack``, ``odds attack --json``
and ``draw-ability``, in German and English; bad input refused with the reason."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli_output import cli_json
from totenblatt.web.shell.limits import Limits

Cli = Callable[[Sequence[str]], tuple[int, str, str]]

BILLY = {"card": "Q♠", "weapon": "winchester", "distance": 7, "defense": "4♥", "cover": "medium"}
BILLY_ARGS = ["-a", "Q♠", "-w", "winchester", "-d", "7", "--defense", "4♥", "-c", "medium"]


def _post(client: TestClient, path: str, body: dict[str, Any], status: int = 200) -> Any:
    response = client.post(f"/api/companion/{path}", json=body)
    assert response.status_code == status, response.text
    return response.json()


def test_the_page_is_served_in_both_languages_with_a_strict_policy(client: TestClient) -> None:
    for lang, title in (("de", "Begleiter am Tisch"), ("en", "companion at the table")):
        response = client.get(f"/companion?lang={lang}")
        assert response.status_code == 200 and title in response.text
        assert f'<html lang="{lang}">' in response.text
        policy = response.headers["content-security-policy"]
        assert "script-src 'self'" in policy and "style-src 'self'" in policy
        assert "<script>" not in response.text and "style=" not in response.text
    guessed = client.get("/companion", headers={"accept-language": "de-DE,de;q=0.9"})
    assert "Welches Pik?" in guessed.text


def test_the_lobby_links_the_companion(client: TestClient) -> None:
    page = client.get("/?lang=de").text
    assert 'href="/companion?lang=de"' in page and ">Begleiter</a>" in page


def test_billys_shot_is_the_clis_result_and_words(client: TestClient, cli: Cli) -> None:
    for lang in ("de", "en"):
        data = _post(client, "attack", {**BILLY, "lang": lang})
        assert data["result"] == cli_json(cli, "attack", *BILLY_ARGS)
        code, out, _ = cli(["attack", *BILLY_ARGS, "--lang", lang])
        assert code == 0
        text = " ".join(out.replace("│", " ").split())
        for line in [*data["lines"], data["verdict"], data["note"]]:
            assert " ".join(line.split()) in text, line
        assert data["aftermath"] is None and data["fate"] is None
    german = _post(client, "attack", {**BILLY, "lang": "de"})
    assert german["verdict"] == "TREFFER — 3 Wunden" and "Erratum D-19" in german["note"]


def test_the_target_out_of_the_game_and_the_killers_hp(client: TestClient, cli: Cli) -> None:
    body = {**BILLY, "target_hp": 2, "attacker_hp": 5, "lang": "en"}
    data = _post(client, "attack", body)
    want = cli_json(cli, "attack", *BILLY_ARGS, "--target-hp", "2", "--attacker-hp", "5")
    assert data["aftermath"] == want["aftermath"]
    assert data["aftermath"]["out"] is True and data["aftermath"]["killer_hp"] == 6
    assert data["fate"] == "OUT OF THE GAME — the attacker gains 1 HP"
    still = _post(client, "attack", {**BILLY, "target_hp": 3, "lang": "de"})
    assert still["fate"] == "NOCH IM SPIEL — 0 HP"


@pytest.mark.parametrize("seed", [4, 5, 6, 7, 8, 9])
def test_nine_lives_is_drawn_with_the_seed_as_the_cli_draws(
    client: TestClient, cli: Cli, seed: int
) -> None:
    body = {**BILLY, "target_hp": 1, "nine_lives": True, "seed": seed, "lang": "en"}
    data = _post(client, "attack", body)
    want = cli_json(cli, "attack", *BILLY_ARGS, "--target-hp", "1", "--target-ability",
                     "nine_lives", "--seed", str(seed))  # fmt: skip
    assert data["aftermath"] == want["aftermath"] and data["aftermath"]["seed"] == seed
    draw = data["aftermath"]["nine_lives"]
    assert data["aftermath"]["out"] is not draw["survived"]
    assert any(draw["own"] in line for line in data["aftermath_lines"])


def test_nine_lives_without_a_seed_draws_one_from_the_server(client: TestClient) -> None:
    body = {**BILLY, "target_hp": 0, "nine_lives": True}
    seeds = {_post(client, "attack", body)["aftermath"]["seed"] for _ in range(6)}
    assert None not in seeds and len(seeds) > 1
    seed = seeds.pop()
    again = _post(client, "attack", {**body, "seed": seed})["aftermath"]
    assert again["seed"] == seed


def test_odds_are_odds_attack_json_to_the_fraction(client: TestClient, cli: Cli) -> None:
    body = {
        "card": "Q♠",
        "weapon": "winchester",
        "distance": 7,
        "cover": "medium",
        "hand": 4,
        "seen": ["K♥", "Joker"],
        "defender_abilities": ["queen_of_hearts", "cover_1"],
        "target_hp": 2,
        "nine_lives": True,
    }
    data = _post(client, "odds", body)
    want = cli_json(cli, "odds", "attack", "-a", "Q♠", "-w", "winchester", "-d", "7", "-c",
                     "medium", "--hand", "4", "--seen", "K♥,Joker", "--defender-ability",
                     "queen_of_hearts", "--defender-ability", "cover_1", "--target-hp", "2",
                     "--target-ability", "nine_lives")  # fmt: skip
    for key in ("wounds", "hit", "expected", "out", "unseen", "hand", "defender_abilities"):
        assert data[key] == want[key], key
    assert sum(Fraction(p) for p in data["wounds"].values()) == 1


def test_the_defender_wild_and_the_attacker_wild_are_symmetric(client: TestClient) -> None:
    shot = {"weapon": "colt", "distance": 3, "hand": 0}
    wild = _post(client, "odds", {**shot, "card": "2♦", "wild": True})
    assert wild["wounds"] == {"2": "1"} and wild["attacker_abilities"] == ["wild_2"]
    blocked = _post(client, "attack", {"card": "K♠", "weapon": "colt", "distance": 3,
                                        "defense": "2♣", "wild_defense": True})  # fmt: skip
    assert blocked["result"]["reason"] == "blocked_by_joker"


def test_which_spade_ranks_the_hand_as_the_cli(client: TestClient, cli: Cli) -> None:
    body = {"cards": ["Q♠", "3♠", "7♣", "Joker"], "weapon": "winchester", "distance": 7,
            "cover": "medium", "hand": 4, "target_hp": 1}  # fmt: skip
    data = _post(client, "odds", body)
    want = cli_json(cli, "odds", "attack", "--cards", "Q♠,3♠,7♣,Joker", "-w", "winchester",
                     "-d", "7", "-c", "medium", "--hand", "4", "--target-hp", "1")  # fmt: skip
    assert data["best"] == want["best"] == "Joker"
    assert data["attacks"] == want["attacks"]


def test_ability_draws_are_draw_ability_with_the_seed(client: TestClient, cli: Cli) -> None:
    data = _post(client, "abilities", {"count": 5, "seed": 77, "ruleset": "extended"})
    want = cli_json(cli, "draw-ability", "--count", "5", "--seed", "77", "--lang", "en")
    assert data["seed"] == 77 and data["deck"] == want["deck"] == 54
    assert data["draws"] == want["draws"]
    german = _post(client, "abilities", {"count": 1, "seed": 77, "lang": "de"})
    assert (
        german["draws"][0]["name"]
        == cli_json(cli, "draw-ability", "--seed", "77", "--lang", "de")["name"]
    )
    unseeded = _post(client, "abilities", {"count": 2})
    assert 0 <= unseeded["seed"] < 1_000_000_000 and len(unseeded["draws"]) == 2


@pytest.mark.parametrize(
    ("path", "body", "fragment"),
    [
        ("attack", {**BILLY, "card": "Q♥", "lang": "de"}, "Q♥ kann nicht angreifen"),
        ("attack", {**BILLY, "card": "Z9", "lang": "en"}, "'Z9' is not a card"),
        ("attack", {**BILLY, "weapon": "bow"}, "bow"),
        ("attack", {**BILLY, "distance": -1}, "distance"),
        ("attack", {**BILLY, "distance": "7"}, "distance"),
        ("attack", {**BILLY, "target_hp": 100}, "target_hp"),
        ("attack", {**BILLY, "nine_lives": True}, "target_hp"),
        ("attack", {**BILLY, "target_hp": 1, "attacker_hp": 8}, "maximum"),
        ("attack", {**BILLY, "extra_defense": "5♣"}, "Queen of Hearts"),
        ("attack", {**BILLY, "surprise": 1}, "unknown field 'surprise'"),
        ("attack", {**BILLY, "seed": 2_000_000_000}, "seed"),
        ("attack", [1, 2], "JSON object"),
        ("odds", {"card": "Q♠", "cards": ["Q♠"], "weapon": "colt", "distance": 3}, "not both"),
        ("odds", {"cards": ["7♣"], "weapon": "colt", "distance": 3}, "no spade"),
        ("odds", {"card": "Q♠", "weapon": "colt", "distance": 3, "hand": 31}, "hand"),
        ("odds", {"card": "Q♠", "weapon": "colt", "distance": 3, "seen": ["Q♠"]}, "Q♠"),
        ("odds", {"card": "Q♠", "weapon": "colt", "distance": 3,
                  "defender_abilities": ["sharpshooter"]}, "sharpshooter"),
        ("odds", {"card": "Q♠", "weapon": "colt", "distance": 3, "ruleset": "x"}, "ruleset"),
        ("abilities", {"count": 21}, "count"),
        ("abilities", {"count": 0}, "count"),
    ],
)  # fmt: skip
def test_bad_input_is_refused_with_the_reason(
    client: TestClient, path: str, body: Any, fragment: str
) -> None:
    error = _post(client, path, body, status=422)["error"]
    assert fragment in error, error


def test_the_questions_count_against_the_clients_budget(sqlite_url: str) -> None:
    from totenblatt.web import ServerSettings, create_app

    limits = Limits(actions_per_minute=3)
    app = create_app(ServerSettings(db_url=sqlite_url, bot_delay=0.0, limits=limits))
    with TestClient(app) as client:
        codes = [client.post("/api/companion/odds", json={"card": "Q♠", "weapon": "colt",
                                                          "distance": 3}).status_code
                 for _ in range(5)]  # fmt: skip
    assert codes[:3] == [200, 200, 200] and codes[3:] == [429, 429]


_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 2_000_000_000) | st.floats(-5, 1e6)
    | st.sampled_from(["Q♠", "4♥", "Joker", "2♦", "colt", "winchester", "medium", "hidden",
                       "queen_of_hearts", "nine_lives", "wild_2", "", "x" * 80, "de"]),
    lambda inner: st.lists(inner, max_size=4),
    max_leaves=8,
)  # fmt: skip
_KEYS = ["card", "cards", "weapon", "distance", "cover", "defense", "extra_defense", "hand",
         "seen", "attacker_abilities", "defender_abilities", "wild", "wild_defense",
         "target_hp", "nine_lives", "attacker_hp", "attacker_max_hp", "seed", "count",
         "ruleset", "lang"]  # fmt: skip


@pytest.fixture(scope="module")
def unlimited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """A server whose budgets do not run out (for the fuzzing below)."""
    from totenblatt.web import ServerSettings, create_app

    url = f"sqlite:///{tmp_path_factory.mktemp('companion') / 'web.db'}"
    limits = Limits(actions_per_minute=1_000_000)
    with TestClient(create_app(ServerSettings(db_url=url, bot_delay=0.0, limits=limits))) as c:
        yield c


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    path=st.sampled_from(["attack", "odds", "abilities"]),
    body=st.dictionaries(st.sampled_from(_KEYS), _values, max_size=8),
)
def test_any_body_is_answered_or_refused_never_a_server_error(
    unlimited: TestClient, path: str, body: dict[str, Any]
) -> None:
    response = unlimited.post(f"/api/companion/{path}", json=body)
    assert response.status_code in (200, 422), response.text
    if response.status_code == 422:
        assert isinstance(response.json()["error"], str) and response.json()["error"]
