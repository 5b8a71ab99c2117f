"""Wanted: Dead or Alive — rules, attack resolver, table, scenarios, engine and bots."""
