"""The operator's page and its store."""
