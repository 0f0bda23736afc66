"""What a player has done: /stats, /streak, the leaderboards (/top) and the ratings against people."""
