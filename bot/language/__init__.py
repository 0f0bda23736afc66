"""/language: the language the bot speaks in a chat."""
