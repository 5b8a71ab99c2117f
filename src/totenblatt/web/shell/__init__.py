"""What every feature of the web table shares: the server, guard, limits, bodies, errors, words."""
