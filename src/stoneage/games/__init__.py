"""The games of the package, each behind the shared contract."""
