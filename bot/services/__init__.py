"""Game rules and transactions: plain values in, result objects out; no Telegram, no texts."""
