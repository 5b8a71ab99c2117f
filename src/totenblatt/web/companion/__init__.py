"""The companion: odds and attacks for a game played on a real table."""
