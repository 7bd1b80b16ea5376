"""One module per command or family of commands: each parses its options, calls the service
layer and renders what it returns."""
