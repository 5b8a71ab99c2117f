"""The RPG table through its API: the seed's worked examples replayed, each outcome the core's.

Every example stacks the story's piles by choosing its secret seed (found with the core's
own shuffle, :func:`story_helpers.seed_for`), draws through the API as the game master and
the players would, and checks the outcome against :func:`resolve_probe` with the same cards
(one source of rules) and against the seed's numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from story_helpers import Story, seed_for, story_client

from totenblatt.rpg import resolve_probe

Cli = Callable[[Sequence[str]], tuple[int, str, str]]
MELEE = "Handliches Gemetzel"


def replay(
    db_url: str,
    mine: Sequence[int],
    theirs: Sequence[int],
    call: Callable[[Story], dict[str, Any]],
    draws: Sequence[str | None],
    keep: str | None = None,
) -> tuple[Story, dict[str, Any]]:
    """A story whose first test's piles start with ``mine`` / ``theirs``; ``call`` sets it up
    and calls the test, ``draws`` are the tokens that draw, in order; ``keep``: the player
    who then keeps the result rather than spend a joker. The test as the GM sees it."""
    seed = seed_for([(mine, theirs)])
    with story_client(db_url, seed) as client:
        story = Story.create(client)
        test = call(story)
        for token in draws:
            answer = story.draw(test["test_id"], token)
            assert answer.status_code == 200, answer.text
        if keep is not None:
            assert story.test(test["test_id"], keep)["can"]["joker"]  # it is the player's call
            answer = story.post(f"/tests/{test['test_id']}/stop", token=keep)
            assert answer.status_code == 200, answer.text
        return story, story.test(test["test_id"]) | {"called": test}


def same_as_core(test: dict[str, Any], *, jokers: int = 0) -> None:
    """The API's outcome is the core's for the same levels and cards."""
    sides = test["sides"]
    core = resolve_probe(
        sides["player"]["level"],
        sides["opponent"]["level"],
        pvp=test["pvp"],
        jokers=jokers,
        player_cards=test["cards"]["player"],
        opponent_cards=test["cards"]["opponent"],
    )
    assert (test["outcome"], test["margin"], test["wound"]) == (
        core.outcome.value,
        core.margin,
        None if core.wound is None else core.wound.value,
    )


def trevor(story: Story, level: int) -> dict[str, Any]:
    story.add("Trevor", {"Sportlichkeit": 2})
    return story.call(
        {"character": story.ids["Trevor"], "skill": "Sportlichkeit", "difficulty": level}
    )


def test_trevor_climbs_a_level_2_wall_with_a_jack_against_a_nine(db_url: str) -> None:
    story, test = replay(db_url, [11], [9], lambda s: trevor(s, 2), ["Trevor", "gm"])
    assert test["called"]["cards"] == {"player": 1, "opponent": 1}
    assert (test["cards"], test["outcome"]) == ({"player": [11], "opponent": [9]}, "success")
    same_as_core(test)
    assert story.sheet("Trevor")["wound_points"] == 0  # a wall wounds only the one who fails


def test_trevor_falls_from_the_wet_dark_wall_8_against_5_and_7(db_url: str) -> None:
    # Higher, wet and dark: level 3. The GM draws two cards, 5 + 7 = 12: failed, lightly hurt.
    story, test = replay(db_url, [8], [5, 7], lambda s: trevor(s, 3), ["gm", "Trevor"], "Trevor")
    assert test["called"]["cards"] == {"player": 1, "opponent": 2}
    assert (test["outcome"], test["margin"], test["wound"]) == ("failure", 4, "light")
    same_as_core(test)
    assert story.sheet("Trevor")["wounds"] == {"light": 1, "normal": 0, "fat": 0}
    assert "Trevor fails: 8 against 12, short by 4." in story.view()["log"]


def test_trevor_spends_his_joker_after_falling_and_makes_it(db_url: str) -> None:
    story, test = replay(db_url, [8, 9], [5, 7], lambda s: trevor(s, 3), ["Trevor", "gm"])
    assert test["status"] == "drawing" and test["can"] == {
        "draw": [], "joker": False, "stop": True, "cancel": False, "reveal": False,
    }  # fmt: skip
    assert story.test(test["test_id"], "Trevor")["can"]["joker"]  # his, while failing (D-33)
    spent = story.post(f"/tests/{test['test_id']}/joker", token="Trevor")
    assert spent.status_code == 200, spent.text
    assert spent.json()["cards"] == [9] and spent.json()["jokers"] == 0
    done = story.test(test["test_id"])
    assert (done["outcome"], done["cards"]["player"], done["jokers_spent"]) == (
        "success", [8, 9], 1,
    )  # fmt: skip
    same_as_core(done, jokers=1)
    assert story.sheet("Trevor")["jokers"] == 0 and story.sheet("Trevor")["wound_points"] == 0


def test_12_against_10_is_gerade_mal_so_eben(db_url: str) -> None:
    story, test = replay(db_url, [12], [10], lambda s: trevor(s, 2), ["Trevor", "gm"])
    assert (test["outcome"], test["margin"]) == ("success", 2)
    assert "Trevor schafft es: 12 gegen 10 – gerade mal so eben!" in story.view(lang="de")["log"]


def clash(
    story: Story,
    player: tuple[str, dict[str, int]],
    rival: tuple[str, dict[str, int]],
    *,
    npc: bool = True,
    against: dict[str, Any] | None = None,
    **body: Any,
) -> dict[str, Any]:
    """``player`` and ``rival`` (a name and skills; the rival an NPC unless ``npc`` is false)
    join, and a test of the player against the rival is called: ``body`` the rest of the call,
    ``against`` the rest of its ``against``."""
    (name, skills), (other, others) = player, rival
    story.add(name, skills)
    story.add(other, others, npc=npc)
    opponent = {"character": story.ids[other], **(against or {})}
    return story.call({"character": story.ids[name], **body, "against": opponent})


def melee(story: Story, diana: int = 3, rafael: int = 3) -> dict[str, Any]:
    diana_side = ("Diana", {MELEE: diana})
    rafael_side = ("Rafael", {MELEE: rafael, "Handliche Wummen": 2})
    return clash(story, diana_side, rafael_side, skill=MELEE, against={"skill": MELEE})


def test_diana_draws_10_rafael_7_and_he_takes_a_light_wound(db_url: str) -> None:
    story, test = replay(db_url, [10], [7], melee, ["Diana", "gm"])  # Rafael is the GM's
    assert (test["outcome"], test["wound"], test["pvp"]) == ("success", "light", False)
    same_as_core(test)
    assert test["wounded"] == story.ids["Rafael"]
    assert (
        story.sheet("Rafael")["wounds"]["light"] == 1 and story.sheet("Diana")["wound_points"] == 0
    )


def test_king_against_king_diana_is_favoured_and_rafael_takes_a_light_wound(db_url: str) -> None:
    story, test = replay(db_url, [13], [13], melee, ["gm", "Diana"])
    assert (test["outcome"], test["margin"], test["wound"]) == ("success", 0, "light")
    same_as_core(test)
    assert story.sheet("Rafael")["wound_points"] == 1


def test_rafael_trained_to_5_draws_26_in_three_cards_diana_3_a_fat_wound(db_url: str) -> None:
    story, test = replay(
        db_url, [3], [13, 12, 1], lambda s: melee(s, 3, 5), ["Diana", "gm"], keep="Diana"
    )
    assert test["called"]["cards"] == {"player": 1, "opponent": 3}
    assert (test["outcome"], test["margin"], test["wound"]) == ("failure", 23, "fat")
    same_as_core(test)
    diana = story.sheet("Diana")
    assert diana["wounds"]["fat"] == 1 and diana["out"]  # 6 points of capacity 6: Fallobst
    assert "Diana is out (Fallobst)." in story.view()["log"][-1]


def test_rafaels_revolver_up_to_3_dianas_club_down_to_2_a_normal_wound(db_url: str) -> None:
    def revolver(story: Story) -> dict[str, Any]:
        shifts = [
            {"side": "opponent", "by": 1, "reason": "Revolver gegen Totschläger"},
            {"side": "player", "by": -1, "reason": "Totschläger gegen Revolver"},
        ]
        diana, rafael = ("Diana", {MELEE: 3}), ("Rafael", {"Handliche Wummen": 2})
        against = {"skill": "Handliche Wummen"}
        return clash(story, diana, rafael, skill=MELEE, against=against, shifts=shifts)

    story, test = replay(db_url, [1], [11, 2], revolver, ["Diana", "gm"], "Diana")
    sides = test["sides"]
    assert (sides["player"]["base"], sides["player"]["level"]) == (3, 2)
    assert (sides["opponent"]["base"], sides["opponent"]["level"]) == (2, 3)
    assert sides["opponent"]["shifts"] == [{"by": 1, "reason": "Revolver gegen Totschläger"}]
    assert (test["outcome"], test["margin"], test["wound"]) == ("failure", 12, "normal")
    same_as_core(test)
    assert story.sheet("Diana")["wounds"]["normal"] == 1
    log = story.view(lang="de")["log"]
    assert "Rafael: Stufe 2 → 3 (+1 Revolver gegen Totschläger)." in log


def test_a_gun_against_an_unaware_target_at_beweglichkeit_0(db_url: str) -> None:
    def shot(story: Story) -> dict[str, Any]:
        sarah, pimp = ("Sarah", {"Wumme": 2}), ("Zuhälter", {"Beweglichkeit": 3})
        unaware = {"unaware": True}
        return clash(story, sarah, pimp, skill="Wumme", against=unaware, harm=["opponent"])

    story, test = replay(db_url, [1, 2, 3], [7], shot, ["Sarah", "gm"], "Sarah")
    assert test["called"]["cards"] == {"player": 3, "opponent": 1}  # D-39: 1 + 2 against 1
    assert test["sides"]["opponent"]["level"] == 0 and test["outcome"] == "failure"
    same_as_core(test)
    assert story.sheet("Sarah")["wound_points"] == 0  # a shot that misses hurts nobody


def test_a_hand_grenade_draws_at_level_5_against_beweglichkeit(db_url: str) -> None:
    def grenade(story: Story) -> dict[str, Any]:
        return clash(story, ("Trevor", {"Wumme": 1}), ("Rafael", {"Beweglichkeit": 2}), grenade=5)

    story, test = replay(db_url, [13, 12], [1], grenade, ["Trevor", "gm"])
    assert test["called"]["cards"] == {"player": 4, "opponent": 1}  # D-40: the grenade is 5
    assert test["sides"]["opponent"]["skill"] == "Beweglichkeit" and test["harm"] == ["opponent"]
    assert (test["outcome"], test["wound"]) == ("success", "fat")  # at least 13 + 12 + 1 + 2
    same_as_core(test)
    assert story.sheet("Rafael")["out"]  # a fat wound: an ordinary person is Fallobst


def test_two_player_characters_draw_player_against_player(db_url: str) -> None:
    def pvp(story: Story) -> dict[str, Any]:
        diana, sarah = ("Diana", {MELEE: 3}), ("Sarah", {MELEE: 3})
        return clash(story, diana, sarah, npc=False, skill=MELEE, against={"skill": MELEE})

    story, test = replay(db_url, [13, 2], [13], pvp, ["Sarah", "Diana"])  # each her own pile
    assert test["pvp"] and test["status"] == "drawing" and test["standing"] == "nothing"
    stop = story.post(f"/tests/{test['test_id']}/stop", token="Diana")
    assert stop.status_code == 200 and stop.json()["outcome"] == "nothing"
    done = story.test(test["test_id"])
    same_as_core(done)
    assert done["wound"] is None and story.sheet("Sarah")["wound_points"] == 0


def test_a_joker_awarded_with_its_reason_and_a_new_story_starts_at_one(db_url: str) -> None:
    with story_client(db_url) as client:
        story = Story.create(client)
        story.add("Trevor", {"Sportlichkeit": 2})
        story.add("Rafael", {}, npc=True)
        award = story.post(
            f"/characters/{story.ids['Trevor']}/jokers",
            {"count": 2, "reason": "krasse Actionszene"},
        )
        assert award.status_code == 200 and story.sheet("Trevor")["jokers"] == 3
        assert (
            "The game master awards Trevor 2 jokers for “krasse Actionszene”."
            in story.view()["log"]
        )
        npc = story.post(f"/characters/{story.ids['Rafael']}/jokers", {"reason": "x"})
        assert npc.status_code == 422 and "NSCs haben keine Joker" in npc.json()["error"]
        assert story.sheet("Rafael")["jokers"] == 0
        missing = story.post(f"/characters/{story.ids['Trevor']}/jokers", {"count": 1})
        assert missing.status_code == 422


def test_a_stored_sheet_is_brought_in_and_the_cli_shows_the_wound_written(
    db_url: str, cli: Cli
) -> None:
    db = ("--db", db_url)
    assert cli(["character", "create", "Trevor", "--skill", "Sportlichkeit=2", *db])[0] == 0
    cli(["character", "joker", "add", "Trevor", "-n", "3", *db])
    seed = seed_for([([1], [13])])
    with story_client(db_url, seed) as client:
        story = Story.create(client)
        brought = story.post("/characters", {"sheet": "trevor"}, operator=True)
        assert brought.status_code == 201, brought.text
        story.tokens["Trevor"] = brought.json()["player_token"]
        story.ids["Trevor"] = brought.json()["character_id"]
        assert story.sheet("Trevor")["stored"] and story.sheet("Trevor")["jokers"] == 1  # C6
        test = story.call(
            {"character": story.ids["Trevor"], "skill": "Sportlichkeit", "difficulty": 2}
        )
        story.draw(test["test_id"], "Trevor")
        story.draw(test["test_id"], "gm")
        story.post(f"/tests/{test['test_id']}/stop", token="Trevor")
        assert story.post("/characters", {"sheet": "Trevor"}, operator=True).status_code == 409
    code, out, err = cli(["character", "show", "Trevor", "--json", *db])
    assert code == 0, err
    assert '"normal": 1' in out and '"wounds": 3' in out and '"jokers": 1' in out
