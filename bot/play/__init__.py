"""/play: the referee's game (the player guesses the bot's code, coached if they like), hints and giving up, and
the one-player games' start menu (/start, /play, /think, /cancel, the same again)."""
