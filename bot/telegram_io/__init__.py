"""The Telegram transport: application wiring, thin handlers, and delivery of replies."""
