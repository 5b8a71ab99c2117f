"""The card-test RPG at the table: a game master's screen and every player's pile on a phone.

One story (session) has a game master's link, one link per player character and a
public link for onlookers. :func:`story_router` is mounted by the web application;
its steps are :mod:`~totenblatt.web.stories.table`, what a viewer sees is
:mod:`~totenblatt.web.stories.payloads`, the words :mod:`~totenblatt.web.stories.words`.
The rules are the core's (:mod:`totenblatt.rpg`): one source of rules.
"""

from totenblatt.web.stories.routes import StoryHub, story_router

__all__ = ["StoryHub", "story_router"]
