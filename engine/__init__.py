"""The game's brain: variants, scoring, guessing, consistency and analysis. Pure and synchronous."""
