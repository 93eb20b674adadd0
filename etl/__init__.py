"""paperhouse: paper listings into clean Postgres tables, gated by data-quality checks."""

__version__ = "0.1.0"
