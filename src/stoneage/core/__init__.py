"""What every game shares: the contract, errors, dice tables, records and the registry."""
