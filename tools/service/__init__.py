"""The service layer: what every front end calls."""
