"""Benchmark scripts and generators of test inputs at any size."""
