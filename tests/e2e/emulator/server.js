// A local Telegram Bot API for the end-to-end tests: telegram-test-api 4.2.1 (the package itself
// untouched) behind a compatibility layer so that python-telegram-bot v22 runs against it, plus
// the few checks real Telegram makes that a bot most often trips over (edits that change nothing,
// bad HTML, over-long texts and callback data, unanswered button presses).
//
//   PORT=9050 BOT_USERNAME=TestNameBot node server.js
//
// Bot side: base_url http://127.0.0.1:PORT/bot (the token is appended). Test side: JSON POSTs to
// the server root, see tests/e2e/client.py.
const express = require('express');
const TelegramServer = require('telegram-test-api');

const PORT = Number(process.env.PORT || 9050);
const BOT_USER = {
  id: 666, is_bot: true, first_name: 'Test Bot', username: process.env.BOT_USERNAME || 'TestNameBot',
  can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false,
};
const MAX_TEXT = 4096;           // characters in a message, after entity parsing
const MAX_CALLBACK_DATA = 64;    // bytes

// The emulator drops everything but id/from/message/data from a callback query, and PTB requires
// chat_instance; updates injected through /sendRawUpdate go out as they came.
const formatUpdate = TelegramServer.formatUpdate;
TelegramServer.formatUpdate = (update) => {
  if (update.raw) return { update_id: update.updateId, ...update.raw };
  const out = formatUpdate(update);
  if (out.callback_query) {
    const cq = update.callbackQuery;
    out.callback_query.chat_instance = cq.chat_instance
      || String((cq.message && cq.message.chat && cq.message.chat.id) || cq.from.id);
  }
  return out;
};

const server = new TelegramServer({ port: PORT, host: '127.0.0.1', storeTimeout: 600 });
const inner = server.webServer;
const outer = express();
const chats = new Map();            // chat id -> the chat object the simulated users sent from
const commands = new Map();         // token|scope|language -> BotCommand[]
const callbackAnswers = new Map();  // callback query id -> {text, show_alert, url}
const calls = new Map();            // token -> {method: count} of the Bot API calls the bot made

const parse = (v) => { if (typeof v !== 'string') return v; try { return JSON.parse(v); } catch { return v; } };
const badRequest = (res, description) => res.status(400).json({ ok: false, error_code: 400, description: `Bad Request: ${description}` });
const commandsKey = (token, body) => `${token}|${JSON.stringify(parse(body.scope) || { type: 'default' })}|${body.language_code || ''}`;
const findStored = (body) => server.storage.botMessages.find((s) => String(s.messageId) === String(body.message_id)
  && String(s.message.chat_id) === String(body.chat_id));
const keyboardOf = (markup) => { const m = parse(markup); return m && m.inline_keyboard ? JSON.stringify(m.inline_keyboard) : null; };
const toBotMessage = (stored) => {
  const m = stored.message;
  const cid = Number(m.chat_id);
  return {
    message_id: stored.messageId, date: Math.floor(stored.time / 1000), from: BOT_USER,
    chat: chats.get(cid) || { id: cid, type: cid < 0 ? 'group' : 'private', first_name: 'Chat' },
    text: plainText(m.text, m.parse_mode),
    ...(m.reply_markup && m.reply_markup.inline_keyboard ? { reply_markup: m.reply_markup } : {}),
    ...(stored.editDate ? { edit_date: stored.editDate } : {}),
  };
};

// --- Telegram's HTML, checked the way the real server does it (tags known and balanced) ---------
const HTML_TAGS = new Set(['b', 'strong', 'i', 'em', 'u', 'ins', 's', 'strike', 'del', 'span', 'tg-spoiler',
  'a', 'code', 'pre', 'blockquote', 'tg-emoji']);
const ENTITY = /^&(lt|gt|amp|quot|#\d+|#x[0-9a-fA-F]+);/;
function htmlError(text) {
  const open = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '&') {
      if (!ENTITY.test(text.slice(i))) return `can't parse entities: unsupported entity at byte offset ${i}`;
    } else if (ch === '<') {
      const m = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[a-z-]+(?:="[^"]*"|='[^']*')?)*)\s*>/.exec(text.slice(i));
      if (!m) return `can't parse entities: unexpected "<" at byte offset ${i}`;
      const [whole, closing, rawName] = m;
      const name = rawName.toLowerCase();
      if (!HTML_TAGS.has(name)) return `can't parse entities: unsupported start tag "${name}" at byte offset ${i}`;
      if (closing) {
        if (open.pop() !== name) return `can't parse entities: unmatched end tag at byte offset ${i}, expected "</${open.length ? open[open.length - 1] : ''}>", found "</${name}>"`;
      } else open.push(name);
      i += whole.length - 1;
    } else if (ch === '>') {
      return `can't parse entities: unexpected ">" at byte offset ${i}`;
    }
  }
  return open.length ? `can't parse entities: can't find end tag corresponding to start tag "${open[open.length - 1]}"` : null;
}
function plainText(text, parseMode) {
  if (typeof text !== 'string' || String(parseMode || '').toUpperCase() !== 'HTML') return text;
  return text.replace(/<[^>]*>/g, '').replace(/&(lt|gt|amp|quot|#\d+|#x[0-9a-fA-F]+);/g, (_, e) => (
    { lt: '<', gt: '>', amp: '&', quot: '"' }[e] || String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1)))));
}
function contentError(body) {
  const mode = String(body.parse_mode || '').toUpperCase();
  if ('text' in body) {
    if (mode === 'HTML') { const e = htmlError(String(body.text)); if (e) return e; }
    const plain = plainText(String(body.text), body.parse_mode);
    if (!plain.trim()) return 'message text is empty';
    if ([...plain].length > MAX_TEXT) return 'message is too long';
  }
  const markup = parse(body.reply_markup);
  if (markup && markup.inline_keyboard) {
    for (const row of markup.inline_keyboard) {
      for (const button of row) {
        if ('callback_data' in button) {
          const size = Buffer.byteLength(String(button.callback_data), 'utf8');
          if (size < 1 || size > MAX_CALLBACK_DATA) return 'BUTTON_DATA_INVALID';
        }
      }
    }
  }
  return null;
}

outer.use(express.json());
outer.use(express.urlencoded({ extended: true }));

// --- the test side: simulated users --------------------------------------------------------------
// Each answers with the ids the update got, so that a test can refer to its own messages.
const userRoute = (path, add) => outer.post(path, async (req, res) => {
  const ids = { update_id: server.updateId, message_id: server.messageId, callback_query_id: String(server.callbackId) };
  const chat = req.body.chat || (req.body.message && req.body.message.chat);
  if (chat) chats.set(Number(chat.id), chat);
  try {
    await add(req.body);
  } catch (error) {
    return res.status(400).json({ ok: false, error_code: 400, description: String(error) });
  }
  return res.json({ ok: true, result: ids });
});
userRoute('/sendMessage', (body) => server.addUserMessage(body));
userRoute('/sendCommand', (body) => server.addUserCommand(body));
userRoute('/sendCallback', (body) => server.addUserCallback(body));
// Any other update type (edited_message, my_chat_member, ...): {botToken, update: {<type>: {...}}}
userRoute('/sendRawUpdate', async (body) => {
  await server.addUserUpdate({ ...server.getCommonFields(body.botToken), raw: body.update });
  server.messageId++;
});
outer.post('/getCallbackAnswer', (req, res) => res.json({ ok: true, result: callbackAnswers.get(String(req.body.callbackQueryId)) || null }));
outer.post('/getBotCalls', (req, res) => res.json({ ok: true, result: calls.get(req.body.token) || {} }));
outer.post('/getMyCommands', (req, res) => res.json({ ok: true, result: commands.get(commandsKey(req.body.token, req.body)) || [] }));

// --- the bot side ---------------------------------------------------------------------------------
outer.all('/bot:token/:method', (req, res, next) => {
  const { token, method } = req.params;
  const counts = calls.get(token) || {};
  counts[method] = (counts[method] || 0) + 1;
  calls.set(token, counts);
  next();
});
outer.all('/bot:token/getMe', (req, res) => res.json({ ok: true, result: BOT_USER }));
outer.all('/bot:token/setMyCommands', (req, res) => {
  commands.set(commandsKey(req.params.token, req.body), parse(req.body.commands)); res.json({ ok: true, result: true });
});
outer.all('/bot:token/getMyCommands', (req, res) => res.json({ ok: true, result: commands.get(commandsKey(req.params.token, req.body)) || [] }));
outer.all('/bot:token/deleteMyCommands', (req, res) => {
  commands.delete(commandsKey(req.params.token, req.body)); res.json({ ok: true, result: true });
});
outer.all('/bot:token/answerCallbackQuery', (req, res) => {
  const id = String(req.body.callback_query_id);
  if (callbackAnswers.has(id)) return badRequest(res, 'query is too old and response timeout expired or query ID is invalid');
  callbackAnswers.set(id, { text: req.body.text || null, show_alert: String(req.body.show_alert) === 'true', url: req.body.url || null });
  return res.json({ ok: true, result: true });
});
const ok = (result) => (req, res) => res.json({ ok: true, result });
outer.all('/bot:token/sendChatAction', ok(true));
// getChatMember answers from a map the harness sets (POST /setChatMember); anyone else is a plain member.
const memberStatuses = new Map();   // "chatId|userId" -> 'creator' | 'administrator' | 'member' | 'left' ...
outer.post('/setChatMember', (req, res) => {
  memberStatuses.set(`${req.body.chat_id}|${req.body.user_id}`, String(req.body.status || 'member'));
  res.json({ ok: true, result: true });
});
outer.all('/bot:token/getChatMember', (req, res) => {
  const userId = Number(req.body.user_id);
  const status = memberStatuses.get(`${req.body.chat_id}|${userId}`) || 'member';
  const member = { status, user: { id: userId, is_bot: false, first_name: `User ${userId}` } };
  if (status === 'creator') member.is_anonymous = false;
  if (status === 'administrator') {
    Object.assign(member, {
      can_be_edited: false, is_anonymous: false, can_manage_chat: true, can_delete_messages: true,
      can_manage_video_chats: true, can_restrict_members: true, can_promote_members: false, can_change_info: true,
      can_invite_users: true, can_post_stories: false, can_edit_stories: false, can_delete_stories: false,
    });
  }
  res.json({ ok: true, result: member });
});
outer.all('/bot:token/getWebhookInfo', ok({ url: '', has_custom_certificate: false, pending_update_count: 0 }));
outer.all('/bot:token/close', ok(true));
outer.all('/bot:token/logOut', ok(true));

// Checks real Telegram makes before it accepts a message or an edit.
outer.all('/bot:token/:method', (req, res, next) => {
  const { method } = req.params;
  if (!['sendMessage', 'editMessageText', 'editMessageReplyMarkup'].includes(method)) return next();
  const error = contentError(req.body);
  if (error) return badRequest(res, error);
  if (method !== 'sendMessage' && !req.body.inline_message_id) {
    const stored = findStored(req.body);
    if (!stored) return badRequest(res, 'message to edit not found');
    const sameText = method === 'editMessageReplyMarkup'
      || (plainText(String(req.body.text), req.body.parse_mode) === plainText(stored.message.text, stored.message.parse_mode));
    if (sameText && keyboardOf(req.body.reply_markup) === keyboardOf(stored.message.reply_markup)) {
      return badRequest(res, 'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message');
    }
    if (method === 'editMessageText' && !req.body.reply_markup) delete stored.message.reply_markup;
    if (method === 'editMessageReplyMarkup' && !keyboardOf(req.body.reply_markup)) {
      delete stored.message.reply_markup;   // the emulator ignores an edit that removes the keyboard
      delete req.body.reply_markup;
    }
  }
  return next();
});

// Answers of the built-in routes, made to look like Telegram's.
outer.all('/bot:token/:method', (req, res, next) => {
  const { method } = req.params;
  const json = res.json.bind(res);
  res.json = (body) => {
    if (body && body.ok === true) {
      if (method === 'sendMessage' && body.result) {
        body.result = toBotMessage(server.storage.botMessages.find((s) => s.messageId === body.result.message_id));
      } else if (['editMessageText', 'editMessageReplyMarkup'].includes(method)) {
        if (req.body.inline_message_id) body.result = true;
        else {
          const stored = findStored(req.body);
          stored.editDate = Math.floor(Date.now() / 1000);
          stored.isRead = false;               // the test client's /getUpdates sees the edit
          body.result = toBotMessage(stored);
        }
      } else if (['setWebhook', 'deleteWebhook', 'deleteMessage'].includes(method) && body.result == null) {
        body.result = true;
      }
    } else if (body && body.ok === false) {
      res.status(body.error_code || 400);     // the emulator says ok:false with HTTP 200: PTB then fails on 'result'
    } else if (body && body.message && !('ok' in body)) {
      // an unknown method or an internal error: a Telegram-style error, so PTB raises BadRequest
      res.status(400);
      return json({ ok: false, error_code: 400, description: `Bad Request: ${body.message.split('.')[0]}` });
    }
    return json(body);
  };
  next();
});

// The inner app's body parsers skip bodies outer has already parsed.
outer.use(inner);
server.webServer = outer;
server.start().then(() => console.log(`emulator up at ${server.config.apiURL}`));
const stop = async () => { await server.stop(); process.exit(0); };
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
