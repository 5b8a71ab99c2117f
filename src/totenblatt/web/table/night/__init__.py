"""A game night: several games in a row at one table, with chat, emotes and takebacks."""
