"""Western names for new gang members, unique within a gang, drawn by a passed-in ``random.Random``.

>>> import random
>>> name = new_name(random.Random(7), taken=())
>>> name == new_name(random.Random(7), taken=()) and " " in name
True
"""

from __future__ import annotations

import random
from collections.abc import Collection

from totenblatt.campaign.gang import name_key

__all__ = ["FIRST_NAMES", "LAST_NAMES", "new_name"]

FIRST_NAMES = (
    "Abe", "Amos", "Bart", "Belle", "Billy", "Bonnie", "Buck", "Butch", "Cal", "Cass",
    "Clay", "Cole", "Dakota", "Dallas", "Del", "Doc", "Eli", "Emmett", "Ezra", "Flint",
    "Frank", "Hank", "Hattie", "Jake", "Jed", "Jesse", "Jim", "Josey", "Kit", "Laramie",
    "Levi", "Lou", "Luke", "Mattie", "Nate", "Ned", "Pearl", "Reno", "Rosa", "Rufus",
    "Sadie", "Sam", "Silas", "Tex", "Tom", "Virgil", "Walt", "Wes", "Wyatt", "Zeke",
)  # fmt: skip

LAST_NAMES = (
    "Blackwood", "Boone", "Brody", "Cain", "Calloway", "Carver", "Cassidy", "Colt",
    "Crockett", "Dalton", "Doolin", "Drake", "Earp", "Fletcher", "Garrett", "Hardin",
    "Hawkins", "Hickok", "Holliday", "Horn", "Jameson", "Kincaid", "Larkin", "Logan",
    "Masterson", "McCabe", "Murrieta", "Naylor", "O'Malley", "Parker", "Quade", "Reno",
    "Ringo", "Rawlins", "Slade", "Starr", "Stoddard", "Sundance", "Tanner", "Thornton",
    "Tilghman", "Vance", "Walker", "Wade", "Whitlock", "Yates", "Younger", "Zane",
)  # fmt: skip


def new_name(rng: random.Random, taken: Collection[str]) -> str:
    """A first and last name whose :func:`name_key` is not in ``taken``.

    Draws at random first; when the gang has used up luck, takes the first free pair,
    then numbered names, so it always returns.
    """
    used = {name_key(t) for t in taken}
    for _ in range(64):
        name = f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}"
        if name_key(name) not in used:
            return name
    start = rng.randrange(len(FIRST_NAMES) * len(LAST_NAMES))
    pairs = [(f, last) for f in FIRST_NAMES for last in LAST_NAMES]
    for i in range(len(pairs)):
        first, last = pairs[(start + i) % len(pairs)]
        name = f"{first} {last}"
        if name_key(name) not in used:
            return name
    number = 2
    while name_key(f"{pairs[start][0]} {pairs[start][1]} {number}") in used:
        number += 1
    return f"{pairs[start][0]} {pairs[start][1]} {number}"
