"""/review: a finished game reviewed move by move, in the chat and on the Mini App's Review tab."""
