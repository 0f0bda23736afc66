"""The Mini App: a page inside Telegram on the same games, served by the bot process (WEBAPP_URL)."""
