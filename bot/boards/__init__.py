"""The board model a player sees of a game, and its two faces: the chat's message and the page's JSON."""
