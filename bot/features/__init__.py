"""One module per feature: its commands, buttons and deep links, routed to its services and rendered by its views."""
