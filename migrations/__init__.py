"""The SQL migrations, shipped inside the package as `bot.migrations` (setup.py maps this folder there), so an
installed wheel finds them through importlib.resources just as a checkout does."""
