"""The Wanted table: the lobby, a game's page, its API and WebSocket, and the hub of games."""
