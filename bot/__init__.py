"""The Telegram application: config, storage, services, texts, transports (Telegram and console)."""
