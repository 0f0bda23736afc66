// A local Telegram Bot API for the end-to-end tests: telegram-test-api 4.2.1 (the package itself
// untouched) behind a compatibility layer so that python-telegram-bot v22 runs against it, plus
// the few checks real Telegram makes that a bot most often trips over (edits that change nothing,
// bad HTML, over-long texts and callback data, unanswered button presses), and forum topics (a
// message sent with message_thread_id goes to that topic, one sent without it to General, one to a
// thread that is no topic of a forum is refused).
//
// On top of the package, this layer owns the update queues and behaves like Telegram there:
// getUpdates with offset confirmation, limit and long polling; webhooks (setWebhook with a secret
// token, delivery retried until a 2xx, getUpdates refused with 409 meanwhile); inline queries. It
// injects faults on request (429, 500, 502, HTML error pages, connection resets, slow answers that
// were applied) and records every Bot API call with its outcome, per token.
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
  can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: true,
};
const MAX_TEXT = 4096;           // characters in a message, after entity parsing
const MAX_CALLBACK_DATA = 64;    // bytes
const MAX_LONG_POLL = Number(process.env.MAX_LONG_POLL || 30);      // seconds a getUpdates may be held
const WEBHOOK_TIMEOUT = Number(process.env.WEBHOOK_TIMEOUT || 10);  // seconds a webhook POST may take
const WEBHOOK_BACKOFF = [0.05, 1];  // seconds between failed deliveries: first, at most (doubling)
const MAX_RECORDS = Number(process.env.MAX_RECORDS || 20000);  // calls and deliveries kept per token (oldest dropped)

// The emulator drops everything but id/from/message/data from a callback query, and PTB requires
// chat_instance; updates injected through /sendRawUpdate go out as they came.
const formatUpdate = TelegramServer.formatUpdate;
TelegramServer.formatUpdate = (update) => {
  if (update.raw) return { update_id: update.updateId, ...update.raw };
  const out = formatUpdate(update);
  if (out.message) delete out.message.botToken;   // the package leaves the test's request field in the message
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
const topics = new Map();           // forum chat id -> Set of its topics (message_thread_id) users have posted in
const commands = new Map();         // token|scope|language -> BotCommand[]
const callbackAnswers = new Map();  // callback query id -> {text, show_alert, url}
const inlineAnswers = new Map();    // inline query id -> null until answered, then the answer
let inlineQueryId = 1;
let faultId = 1;
let callSeq = 1;
const startedAt = Date.now();

// Everything the emulator keeps per bot token.
const bots = new Map();
const botState = (token) => {
  let state = bots.get(token);
  if (!state) {
    state = {
      pending: [],       // updates not yet confirmed, in update_id order (Telegram's update queue)
      waiters: [],       // held getUpdates requests (long polling)
      allowed: null,     // allowed_updates of the last getUpdates/setWebhook that gave them
      webhook: null,     // {url, secret_token, allowed_updates, max_connections}
      delivering: false, // a webhook delivery loop is running
      lastError: null,   // {date, message} of the last failed webhook delivery
      deliveries: [],    // every webhook POST: {update_id, status, error, at}
      counts: {},        // method -> calls
      stats: {},         // method -> {attempted, faulted, applied, ok}: exact however many records are kept
      calls: [],         // every call, see recordCall
      faults: [],        // fault rules, see POST /faults
      dropped: 0,        // updates dropped as not in allowed_updates
      limits: null,      // flood control, see POST /limits
      sent: [],          // {t, chat} of the calls flood control counted in the last minute
    };
    bots.set(token, state);
  }
  return state;
};
const pushCapped = (list, item) => { list.push(item); if (list.length > MAX_RECORDS) list.splice(0, list.length - MAX_RECORDS); };
const truthy = (v) => v === true || v === 1 || ['true', 'True', '1'].includes(v);
const telegramError = (res, status, description, extra = {}) => res.status(status).json({ ok: false, error_code: status, description, ...extra });

const parse = (v) => { if (typeof v !== 'string') return v; try { return JSON.parse(v); } catch { return v; } };
const badRequest = (res, description) => {
  if (res.locals.call) res.locals.call.error = description;   // the call's record says why it was refused
  return res.status(400).json({ ok: false, error_code: 400, description: `Bad Request: ${description}` });
};
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
    ...(m.message_thread_id ? { message_thread_id: Number(m.message_thread_id), is_topic_message: true } : {}),
    ...(m.reply_markup && m.reply_markup.inline_keyboard ? { reply_markup: m.reply_markup } : {}),
    ...(stored.editDate ? { edit_date: stored.editDate } : {}),
    ...(m.message_effect_id ? { effect_id: String(m.message_effect_id) } : {}),
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
        if ('web_app' in button && Number(body.chat_id) < 0) return 'BUTTON_TYPE_INVALID';
      }
    }
  }
  return null;
}

outer.use(express.json({ limit: '5mb' }));
outer.use(express.urlencoded({ extended: true, limit: '5mb' }));

// --- the update queue: what getUpdates and webhooks hand out ---------------------------------------
const DEFAULT_EXCLUDED = new Set(['chat_member', 'message_reaction', 'message_reaction_count']);
const updateType = (update) => Object.keys(update).find((key) => key !== 'update_id');
const isAllowed = (state, update) => {
  const type = updateType(update);
  return state.allowed && state.allowed.length ? state.allowed.includes(type) : !DEFAULT_EXCLUDED.has(type);
};
// The first `limit` pending updates the bot asked for; those of other types are dropped, as Telegram does.
const take = (state, limit) => {
  const kept = state.pending.filter((update) => isAllowed(state, update));
  state.dropped += state.pending.length - kept.length;
  state.pending = kept;
  return kept.slice(0, limit);
};
// Telegram's offset: every update below it is confirmed and forgotten; a negative one keeps the last -offset.
const confirm = (state, offset) => {
  if (offset > 0) state.pending = state.pending.filter((update) => update.update_id >= offset);
  else if (offset < 0) state.pending = state.pending.slice(offset);
};
const wake = (token) => {
  const state = botState(token);
  if (state.webhook) { deliver(token); return; }
  for (const waiter of [...state.waiters]) {
    const ready = take(state, waiter.limit);
    if (ready.length) waiter.answer(ready);
  }
};
const conflict = (state, description) => {
  for (const waiter of state.waiters.splice(0)) waiter.fail(409, `Conflict: ${description}`);
};

// Users' updates go to our queue, not the package's (which hands each out once and has no webhook retries).
server.addUserUpdate = async (update) => {
  if (!update || !update.botToken) throw new Error('The message must be of type object and must contain `botToken` field.');
  botState(update.botToken).pending.push(TelegramServer.formatUpdate(update));
  server.updateId++;
  wake(update.botToken);
};

// --- webhooks: POST each update to the bot, in order, until it answers 2xx -------------------------
const sleep = (seconds) => new Promise((resolve) => { setTimeout(resolve, seconds * 1000); });
async function deliver(token) {
  const state = botState(token);
  if (state.delivering) return;
  state.delivering = true;
  let backoff = WEBHOOK_BACKOFF[0];
  try {
    while (state.webhook) {
      const [update] = take(state, 1);
      if (!update) break;
      const hook = state.webhook;
      const record = { update_id: update.update_id, status: null, error: null, at: (Date.now() - startedAt) / 1000 };
      try {
        const headers = { 'Content-Type': 'application/json' };
        if (hook.secret_token) headers['X-Telegram-Bot-Api-Secret-Token'] = hook.secret_token;
        const response = await fetch(hook.url, {
          method: 'POST', headers, body: JSON.stringify(update), signal: AbortSignal.timeout(WEBHOOK_TIMEOUT * 1000),
        });
        record.status = response.status;
        await response.arrayBuffer();
      } catch (error) {
        record.error = String((error.cause && (error.cause.code || error.cause.message)) || error.name || error);
      }
      pushCapped(state.deliveries, record);
      if (record.status >= 200 && record.status < 300) {
        state.pending = state.pending.filter((u) => u.update_id !== update.update_id);
        backoff = WEBHOOK_BACKOFF[0];
      } else {
        state.lastError = {
          date: Math.floor(Date.now() / 1000),
          message: record.error ? `Connection error: ${record.error}` : `Wrong response from the webhook: ${record.status}`,
        };
        await sleep(backoff);
        backoff = Math.min(backoff * 2, WEBHOOK_BACKOFF[1]);
      }
    }
  } finally {
    state.delivering = false;
  }
}

// --- faults the tests ask for, per token ------------------------------------------------------------
// POST /faults {token, method ('*' for any), kind, count, probability, seed, chat_id, skip, retry_after,
// delay, status, description, after_apply} -> {id}. A rule with neither count nor probability fires once.
const FAULT_KINDS = new Set(['429', '500', '502', 'html', 'reset', 'slow', 'error']);
const mulberry32 = (seed) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};
const num = (v, fallback = null) => (v === undefined || v === null || v === '' ? fallback : Number(v));
outer.post('/faults', (req, res) => {
  const b = req.body;
  const kind = String(b.kind);
  if (!b.token || !b.method || !FAULT_KINDS.has(kind)) {
    return telegramError(res, 400, `Bad Request: a fault needs token, method and a kind out of ${[...FAULT_KINDS].join(', ')}`);
  }
  const probability = num(b.probability);
  const count = num(b.count, probability === null ? 1 : null);
  const rule = {
    id: faultId++, method: String(b.method), kind, count, probability, seed: num(b.seed, 0),
    chat_id: b.chat_id === undefined || b.chat_id === null ? null : String(b.chat_id), skip: num(b.skip, 0),
    retry_after: num(b.retry_after, 1), delay: num(b.delay, kind === 'slow' ? 5 : 0),
    status: num(b.status), description: b.description || null, after_apply: truthy(b.after_apply), fired: 0, seen: 0,
  };
  rule.random = mulberry32(rule.seed);
  botState(String(b.token)).faults.push(rule);
  return res.json({ ok: true, result: { id: rule.id } });
});
outer.post('/faults/clear', (req, res) => {
  const state = botState(String(req.body.token));
  state.faults = req.body.method ? state.faults.filter((rule) => rule.method !== req.body.method) : [];
  res.json({ ok: true, result: true });
});
outer.post('/faults/list', (req, res) => res.json({
  ok: true, result: botState(String(req.body.token)).faults.map(({ random, ...rule }) => rule),
}));
const pickFault = (state, method, body) => {
  for (const rule of state.faults) {
    if (rule.method !== '*' && rule.method !== method) continue;
    if (rule.chat_id !== null && String(body.chat_id) !== rule.chat_id) continue;
    if (rule.count !== null && rule.fired >= rule.count) continue;
    rule.seen++;
    if (rule.seen <= rule.skip) continue;
    if (rule.probability !== null && rule.random() >= rule.probability) continue;
    rule.fired++;
    return rule;
  }
  return null;
};
const nginxPage = (status) => {
  const title = { 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Temporarily Unavailable', 504: 'Gateway Time-out' }[status] || 'Error';
  return `<html>\r\n<head><title>${status} ${title}</title></head>\r\n<body>\r\n<center><h1>${status} ${title}</h1></center>\r\n<hr><center>nginx/1.18.0</center>\r\n</body>\r\n</html>\r\n`;
};

// --- the test side: simulated users --------------------------------------------------------------
// Each answers with the ids the update got, so that a test can refer to its own messages.
const userRoute = (path, add) => outer.post(path, async (req, res) => {
  const ids = { update_id: server.updateId, message_id: server.messageId, callback_query_id: String(server.callbackId) };
  const message = req.body.message || req.body;
  const chat = req.body.chat || (req.body.message && req.body.message.chat);
  if (chat) chats.set(Number(chat.id), chat);
  if (chat && chat.is_forum && message.is_topic_message && message.message_thread_id) {
    if (!topics.has(Number(chat.id))) topics.set(Number(chat.id), new Set());
    topics.get(Number(chat.id)).add(Number(message.message_thread_id));
  }
  try {
    const extra = await add(req.body);
    return res.json({ ok: true, result: { ...ids, ...(extra || {}) } });
  } catch (error) {
    return res.status(400).json({ ok: false, error_code: 400, description: String(error) });
  }
});
userRoute('/sendMessage', (body) => server.addUserMessage(body));
userRoute('/sendCommand', (body) => server.addUserCommand(body));
userRoute('/sendCallback', (body) => server.addUserCallback(body));
// Any other update type (edited_message, my_chat_member, ...): {botToken, update: {<type>: {...}}}
userRoute('/sendRawUpdate', async (body) => {
  await server.addUserUpdate({ ...server.getCommonFields(body.botToken), raw: body.update });
  server.messageId++;
});
// An inline query: {botToken, from, query, offset, chat_type} -> {update_id, inline_query_id}
userRoute('/sendInlineQuery', async (body) => {
  const id = String(inlineQueryId++);
  const query = { id, from: body.from, query: String(body.query || ''), offset: String(body.offset || '') };
  if (body.chat_type) query.chat_type = body.chat_type;
  inlineAnswers.set(id, null);
  await server.addUserUpdate({ ...server.getCommonFields(body.botToken), raw: { inline_query: query } });
  return { inline_query_id: id };
});
outer.post('/getCallbackAnswer', (req, res) => res.json({ ok: true, result: callbackAnswers.get(String(req.body.callbackQueryId)) || null }));
outer.post('/getInlineAnswer', (req, res) => res.json({ ok: true, result: inlineAnswers.get(String(req.body.inlineQueryId)) || null }));
outer.post('/getBotCalls', (req, res) => res.json({ ok: true, result: botState(String(req.body.token)).counts }));
outer.post('/calls', (req, res) => {
  const { calls } = botState(String(req.body.token));
  res.json({ ok: true, result: req.body.method ? calls.filter((c) => c.method === req.body.method) : calls });
});
outer.post('/callStats', (req, res) => res.json({ ok: true, result: botState(String(req.body.token)).stats }));
outer.post('/pendingUpdates', (req, res) => res.json({ ok: true, result: botState(String(req.body.token)).pending }));
outer.post('/webhookInfo', (req, res) => res.json({ ok: true, result: webhookInfo(botState(String(req.body.token))) }));
outer.post('/webhookDeliveries', (req, res) => res.json({ ok: true, result: botState(String(req.body.token)).deliveries }));
outer.post('/getMyCommands', (req, res) => res.json({ ok: true, result: commands.get(commandsKey(req.body.token, req.body)) || [] }));

// --- the bot side ---------------------------------------------------------------------------------
// A call's parameters as recorded: PTB sends form fields, so ids and numbers come as strings and nested
// values as JSON strings; the record has them decoded.
const NUMERIC = /^-?\d+(\.\d+)?$/;
const recordedParams = (body) => {
  const out = {};
  for (const [key, value] of Object.entries(body)) {
    if (typeof value !== 'string') out[key] = value;
    else if (NUMERIC.test(value) && !['text', 'caption', 'query', 'data', 'callback_data'].includes(key)) out[key] = Number(value);
    else if (/^[[{]/.test(value)) out[key] = parse(value);
    else out[key] = value;
  }
  return out;
};
// Every call is recorded with its outcome: {seq, method, at, chat_id, params, fault, status, applied,
// answered, update_ids (getUpdates), error (why Telegram's checks refused it)}. `applied`: the call took
// effect (2xx from the emulator's own logic, whether or not the answer reached the bot); `answered`: the HTTP
// answer was written out.
outer.all('/bot:token/:method', (req, res, next) => {
  const { token, method } = req.params;
  const state = botState(token);
  state.counts[method] = (state.counts[method] || 0) + 1;
  const stats = state.stats[method] || (state.stats[method] = { attempted: 0, faulted: 0, applied: 0, ok: 0 });
  stats.attempted++;
  const body = { ...req.query, ...(req.body || {}) };
  req.body = body;
  const params = recordedParams(body);
  const record = {
    seq: callSeq++, method, at: (Date.now() - startedAt) / 1000,
    chat_id: params.chat_id === undefined ? null : params.chat_id,
    params: method === 'getUpdates' ? { offset: params.offset, limit: params.limit, timeout: params.timeout } : params,
    fault: null, status: null, applied: false, answered: false, error: null,
  };
  pushCapped(state.calls, record);
  res.locals.call = record;
  const end = res.end.bind(res);
  res.end = (...args) => {
    if (record.status === null) {
      record.status = res.statusCode;
      record.applied = !res.locals.rejected && res.statusCode < 300;
      if (record.fault) stats.faulted++;
      if (record.applied) stats.applied++;
    }
    const finish = () => {
      if (res.locals.resetAfter) req.socket.destroy();
      else if (!res.destroyed && !req.socket.destroyed) end(...args);
    };
    if (res.locals.delay > 0) setTimeout(finish, res.locals.delay * 1000);
    else finish();
    return res;
  };
  res.on('finish', () => {
    record.answered = true;
    if (res.statusCode < 300) stats.ok++;
  });
  next();
});

// Telegram's flood control, when a test turns it on for a token (POST /limits): a sliding window per
// group (20 a minute), per chat (per second) and per bot (30 a second); over it, a 429 with the wait.
outer.post('/limits', (req, res) => {
  const b = req.body;
  const state = botState(String(b.token));
  state.limits = b.off ? null : {
    group_per_minute: num(b.group_per_minute), chat_per_second: num(b.chat_per_second), bot_per_second: num(b.bot_per_second),
    methods: Array.isArray(b.methods) ? b.methods.map(String) : ['sendMessage'],
  };
  state.sent = [];
  res.json({ ok: true, result: state.limits });
});
const floodWait = (state, method, body) => {
  const limits = state.limits;
  if (!limits || !limits.methods.includes(method)) return 0;
  const now = Date.now();
  state.sent = state.sent.filter((s) => s.t > now - 60000);
  const chat = String(body.chat_id);
  const waits = [];
  const check = (limit, windowMs, matches) => {
    if (limit === null) return;
    const inWindow = state.sent.filter((s) => s.t > now - windowMs && matches(s));
    if (inWindow.length >= limit) waits.push(Math.max(1, Math.ceil((inWindow[inWindow.length - limit].t + windowMs - now) / 1000)));
  };
  if (chat.startsWith('-')) check(limits.group_per_minute, 60000, (s) => s.chat === chat);
  check(limits.chat_per_second, 1000, (s) => s.chat === chat);
  check(limits.bot_per_second, 1000, () => true);
  if (waits.length) return Math.max(...waits);
  state.sent.push({ t: now, chat });
  return 0;
};

// Faults: decided before the call does anything.
outer.all('/bot:token/:method', (req, res, next) => {
  const state = botState(req.params.token);
  const rule = pickFault(state, req.params.method, req.body);
  if (!rule) {
    const wait = floodWait(state, req.params.method, req.body);
    if (!wait) return next();
    res.locals.call.fault = 'flood';
    res.locals.rejected = true;
    return telegramError(res, 429, `Too Many Requests: retry after ${wait}`, { parameters: { retry_after: wait } });
  }
  const record = res.locals.call;
  record.fault = rule.kind;
  res.locals.delay = rule.delay;
  const reject = (status, payload) => { res.locals.rejected = true; return res.status(status).json({ ok: false, error_code: status, ...payload }); };
  switch (rule.kind) {
    case '429': return reject(429, {
      description: rule.description || `Too Many Requests: retry after ${rule.retry_after}`, parameters: { retry_after: rule.retry_after },
    });
    case '500': return reject(500, { description: rule.description || 'Internal Server Error' });
    case '502': return reject(502, { description: rule.description || 'Bad Gateway' });
    case 'error': return reject(rule.status || 400, { description: rule.description || 'Bad Request' });
    case 'html': {
      res.locals.rejected = true;
      const status = rule.status || 502;
      return res.status(status).type('html').send(nginxPage(status));
    }
    case 'reset':
      if (rule.after_apply) { res.locals.resetAfter = true; return next(); }
      record.status = 0;
      state.stats[req.params.method].faulted++;
      if (rule.delay > 0) { setTimeout(() => req.socket.destroy(), rule.delay * 1000); return undefined; }
      req.socket.destroy();
      return undefined;
    default: // 'slow': applied now, answered after `delay` seconds
      return next();
  }
});

// getUpdates: offset confirms, limit, long polling up to `timeout` seconds; 409 while a webhook is set.
outer.all('/bot:token/getUpdates', (req, res) => {
  const state = botState(req.params.token);
  const record = res.locals.call;
  if (state.webhook) {
    return telegramError(res, 409, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first");
  }
  const body = req.body;
  const allowed = parse(body.allowed_updates);
  if (Array.isArray(allowed)) state.allowed = allowed;
  const offset = num(body.offset, 0);
  if (offset) confirm(state, offset);
  const limit = Math.min(Math.max(num(body.limit, 100) || 100, 1), 100);
  const timeout = Math.min(Math.max(num(body.timeout, 0) || 0, 0), MAX_LONG_POLL);
  conflict(state, 'terminated by other getUpdates request; make sure that only one bot instance is running');
  let waiter = null;
  const answer = (updates) => {
    if (waiter) { clearTimeout(waiter.timer); state.waiters = state.waiters.filter((w) => w !== waiter); }
    record.update_ids = updates.map((u) => u.update_id);
    res.json({ ok: true, result: updates });
  };
  const ready = take(state, limit);
  if (ready.length || timeout === 0) return answer(ready);
  waiter = {
    limit,
    answer,
    fail: (status, description) => { clearTimeout(waiter.timer); telegramError(res, status, description); },
    timer: setTimeout(() => answer([]), timeout * 1000),
  };
  state.waiters.push(waiter);
  res.on('close', () => {
    if (res.writableEnded) return;
    clearTimeout(waiter.timer);
    state.waiters = state.waiters.filter((w) => w !== waiter);
  });
  return undefined;
});
outer.all('/bot:token/setWebhook', (req, res) => {
  const state = botState(req.params.token);
  const url = String(req.body.url || '');
  if (!url) { // Telegram: an empty url removes the webhook
    state.webhook = null;
    return res.json({ ok: true, result: true, description: 'Webhook is already deleted' });
  }
  if (!/^https?:\/\//.test(url)) return telegramError(res, 400, 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook');
  const secret = req.body.secret_token ? String(req.body.secret_token) : null;
  if (secret && !/^[A-Za-z0-9_-]{1,256}$/.test(secret)) return telegramError(res, 400, 'Bad Request: secret token contains unallowed characters');
  const allowed = parse(req.body.allowed_updates);
  if (Array.isArray(allowed)) state.allowed = allowed;
  if (truthy(req.body.drop_pending_updates)) state.pending = [];
  state.webhook = { url, secret_token: secret, max_connections: num(req.body.max_connections, 40) };
  state.lastError = null;
  conflict(state, 'terminated by setWebhook request');
  res.json({ ok: true, result: true, description: 'Webhook was set' });
  deliver(req.params.token);
  return undefined;
});
outer.all('/bot:token/deleteWebhook', (req, res) => {
  const state = botState(req.params.token);
  const had = Boolean(state.webhook);
  state.webhook = null;
  if (truthy(req.body.drop_pending_updates)) state.pending = [];
  res.json({ ok: true, result: true, description: had ? 'Webhook was deleted' : 'Webhook is already deleted' });
});
const webhookInfo = (state) => {
  const info = { url: state.webhook ? state.webhook.url : '', has_custom_certificate: false, pending_update_count: state.pending.length };
  if (state.webhook) {
    info.max_connections = state.webhook.max_connections;
    if (state.allowed) info.allowed_updates = state.allowed;
    if (state.lastError) { info.last_error_date = state.lastError.date; info.last_error_message = state.lastError.message; }
  }
  return info;
};
outer.all('/bot:token/getWebhookInfo', (req, res) => res.json({ ok: true, result: webhookInfo(botState(req.params.token)) }));
outer.all('/bot:token/answerInlineQuery', (req, res) => {
  const id = String(req.body.inline_query_id);
  if (!inlineAnswers.has(id) || inlineAnswers.get(id) !== null) return badRequest(res, 'query is too old and response timeout expired or query ID is invalid');
  const results = parse(req.body.results);
  if (!Array.isArray(results)) return badRequest(res, 'results must be an array');
  if (results.length > 50) return badRequest(res, 'RESULTS_TOO_MUCH');
  const ids = new Set();
  for (const result of results) {
    if (!result || !result.type || result.id === undefined) return badRequest(res, 'RESULT_ID_INVALID');
    const rid = String(result.id);
    if (!rid || Buffer.byteLength(rid, 'utf8') > 64) return badRequest(res, 'RESULT_ID_INVALID');
    if (ids.has(rid)) return badRequest(res, 'RESULT_ID_DUPLICATE');
    ids.add(rid);
    const content = result.input_message_content;
    if (content && 'message_text' in content) {
      const error = contentError({ text: content.message_text, parse_mode: content.parse_mode });
      if (error) return badRequest(res, error);
    }
  }
  const nextOffset = req.body.next_offset ? String(req.body.next_offset) : '';
  if (Buffer.byteLength(nextOffset, 'utf8') > 64) return badRequest(res, 'NEXT_OFFSET_INVALID');
  inlineAnswers.set(id, {
    results, cache_time: num(req.body.cache_time, 300), is_personal: truthy(req.body.is_personal),
    next_offset: nextOffset, button: parse(req.body.button) || null,
  });
  return res.json({ ok: true, result: true });
});
outer.all('/bot:token/getMe', (req, res) => res.json({ ok: true, result: BOT_USER }));
outer.all('/bot:token/setMyCommands', (req, res) => {
  commands.set(commandsKey(req.params.token, req.body), parse(req.body.commands)); res.json({ ok: true, result: true });
});
outer.all('/bot:token/getMyCommands', (req, res) => res.json({ ok: true, result: commands.get(commandsKey(req.params.token, req.body)) || [] }));
outer.all('/bot:token/deleteMyCommands', (req, res) => {
  commands.delete(commandsKey(req.params.token, req.body)); res.json({ ok: true, result: true });
});
// setMyDescription and setMyShortDescription, kept per token and language like the commands.
const descriptions = new Map();     // token|Description or ShortDescription|language -> text
const descriptionKey = (token, kind, body) => `${token}|${kind}|${body.language_code || ''}`;
for (const [kind, field] of [['Description', 'description'], ['ShortDescription', 'short_description']]) {
  outer.all(`/bot:token/setMy${kind}`, (req, res) => {
    descriptions.set(descriptionKey(req.params.token, kind, req.body), String(req.body[field] || ''));
    res.json({ ok: true, result: true });
  });
  outer.all(`/bot:token/getMy${kind}`, (req, res) => res.json({
    ok: true, result: { [field]: descriptions.get(descriptionKey(req.params.token, kind, req.body)) || '' },
  }));
  outer.post(`/getMy${kind}`, (req, res) => res.json({
    ok: true, result: descriptions.get(descriptionKey(req.body.token, kind, req.body)) || '',
  }));
}
// setChatMenuButton and getChatMenuButton, kept per token and chat (no chat_id: the default of every private chat).
const menuButtons = new Map();      // token|chat_id -> MenuButton
outer.all('/bot:token/setChatMenuButton', (req, res) => {
  menuButtons.set(`${req.params.token}|${req.body.chat_id || ''}`, parse(req.body.menu_button) || { type: 'default' });
  res.json({ ok: true, result: true });
});
outer.all('/bot:token/getChatMenuButton', (req, res) => res.json({
  ok: true,
  result: menuButtons.get(`${req.params.token}|${req.body.chat_id || ''}`) || menuButtons.get(`${req.params.token}|`)
    || { type: 'default' },
}));
outer.all('/bot:token/answerCallbackQuery', (req, res) => {
  const id = String(req.body.callback_query_id);
  if (callbackAnswers.has(id)) return badRequest(res, 'query is too old and response timeout expired or query ID is invalid');
  callbackAnswers.set(id, { text: req.body.text || null, show_alert: String(req.body.show_alert) === 'true', url: req.body.url || null });
  return res.json({ ok: true, result: true });
});
const ok = (result) => (req, res) => res.json({ ok: true, result });
outer.all('/bot:token/sendChatAction', ok(true));
// getChatMember and getChatAdministrators answer from a map the harness sets (POST /setChatMember); anyone else
// is a plain member. Both take `lookupDelay` seconds to answer (POST /setLookupDelay), as a real lookup does.
const memberStatuses = new Map();   // "chatId|userId" -> 'creator' | 'administrator' | 'member' | 'left' ...
let lookupDelay = 0;
outer.post('/setChatMember', (req, res) => {
  memberStatuses.set(`${req.body.chat_id}|${req.body.user_id}`, String(req.body.status || 'member'));
  res.json({ ok: true, result: true });
});
outer.post('/setLookupDelay', (req, res) => {
  lookupDelay = Math.max(0, Number(req.body.seconds) || 0);
  res.json({ ok: true, result: true });
});
const chatMember = (userId, status) => {
  const member = { status, user: { id: userId, is_bot: false, first_name: `User ${userId}` } };
  if (status === 'creator') member.is_anonymous = false;
  if (status === 'administrator') {
    Object.assign(member, {
      can_be_edited: false, is_anonymous: false, can_manage_chat: true, can_delete_messages: true,
      can_manage_video_chats: true, can_restrict_members: true, can_promote_members: false, can_change_info: true,
      can_invite_users: true, can_post_stories: false, can_edit_stories: false, can_delete_stories: false,
    });
  }
  return member;
};
const afterLookup = (answer) => (req, res) => setTimeout(() => answer(req, res), lookupDelay * 1000);
outer.all('/bot:token/getChatMember', afterLookup((req, res) => {
  const userId = Number(req.body.user_id);
  res.json({ ok: true, result: chatMember(userId, memberStatuses.get(`${req.body.chat_id}|${userId}`) || 'member') });
}));
outer.all('/bot:token/getChatAdministrators', afterLookup((req, res) => {
  const admins = [];
  for (const [key, status] of memberStatuses) {
    const [chatId, userId] = key.split('|');
    if (chatId === String(req.body.chat_id) && ['creator', 'administrator'].includes(status)) {
      admins.push(chatMember(Number(userId), status));
    }
  }
  res.json({ ok: true, result: admins });
}));
outer.all('/bot:token/close', ok(true));
outer.all('/bot:token/logOut', ok(true));

// Checks real Telegram makes before it accepts a message or an edit.
outer.all('/bot:token/:method', (req, res, next) => {
  const { method } = req.params;
  if (!['sendMessage', 'editMessageText', 'editMessageReplyMarkup'].includes(method)) return next();
  const error = contentError(req.body);
  if (error) return badRequest(res, error);
  // a topic exists only in a forum, and only once it was made (here: once a user posted in it); a reply thread of a
  // group without topics is no topic to send to. Without message_thread_id a forum's message lands in General.
  if (method === 'sendMessage' && req.body.message_thread_id !== undefined && req.body.message_thread_id !== '') {
    const forum = topics.get(Number(req.body.chat_id));
    const chat = chats.get(Number(req.body.chat_id));
    if (!chat || !chat.is_forum || !forum || !forum.has(Number(req.body.message_thread_id))) {
      return badRequest(res, 'message thread not found');
    }
  }
  // message effects (confetti...) exist in private chats only, and only on a message being sent
  if (req.body.message_effect_id && (method !== 'sendMessage' || Number(req.body.chat_id) < 0)) {
    return badRequest(res, 'message effects are available only in private chats');
  }
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
const stop = async () => {
  for (const state of bots.values()) {
    state.webhook = null;   // ends the delivery loops
    for (const waiter of state.waiters.splice(0)) waiter.answer([]);
  }
  await server.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
