"""One module per `bullscows` subcommand."""
