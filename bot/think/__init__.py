"""/think: the guesser's game (the bot guesses the player's code from their answers), the answers' buttons and
checks, contradictions and their fixes, /undo and /reveal."""
