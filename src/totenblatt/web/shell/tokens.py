"""Tokens as they are kept: only their hashes are stored, for seats, campaigns and stories."""

from __future__ import annotations

import hashlib

__all__ = ["hash_token"]


def hash_token(token: str) -> str:
    """The SHA-256 of a token (only hashes of seat tokens are stored)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()
