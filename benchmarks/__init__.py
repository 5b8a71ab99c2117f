"""Benchmarks: ``python -m benchmarks`` runs every ``bench_*`` module (or the ones named)."""
