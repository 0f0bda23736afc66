"""/versus: the player and the bot each think of a code and take turns guessing the other's."""
