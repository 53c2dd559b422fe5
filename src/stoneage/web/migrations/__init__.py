"""Alembic migrations of the server's schema (run by ``Store.open``; ``script_location`` is this package)."""
