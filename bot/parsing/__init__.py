"""Reading what players type: answers (bot.parsing.scores), commands and their arguments (bot.parsing.commands),
in the words the message catalogues list for the chat's language (bot.parsing.words). What our own buttons carry
is not typed by anyone: bot.callback_data decodes it."""
