"""/help and /rules, and the answer to whatever no other feature answered."""
