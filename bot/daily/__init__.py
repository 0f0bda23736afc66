"""/daily: today's challenge, the same secret for everyone, one go each; its board, its guard against spoilers,
and the close of each day."""
