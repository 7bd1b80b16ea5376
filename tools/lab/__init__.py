"""The balance lab: games played by built-in agents, studies of variants and sweeps."""
