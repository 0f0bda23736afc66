"""The bot's domain records, plain frozen values: games, matches, settings, stats, who sent an update."""
