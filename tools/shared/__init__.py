"""What every workflow and front end may use: showing paths, sources and diagnostics as text."""
