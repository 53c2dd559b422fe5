"""Tournaments, ratings, statistics, plots and the distributed backend."""
