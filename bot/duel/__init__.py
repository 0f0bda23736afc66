"""/duel: two players guess each other's secret in turns, in a group or in two private chats."""
