"""Chats: the settings and the language every update reads."""
