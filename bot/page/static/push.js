// Push: the page's state as soon as the chat changes, over a server-sent event stream (bot/page/push.py). The
// stream is opened with the pass /api/session gives (an EventSource sends no header, and initData never goes in a
// URL); while it is down the page polls, as it did before. A stream the server ends (its time is up, the server
// restarts) is opened again with a fresh pass; one a newer page of the same player took over stays closed until this
// page is looked at again.
// @ts-check
"use strict";
(() => {
  const QUIET_MS = 60000; // the server pings every 20 s: this long without a word, the stream is gone
  const FIRST_WAIT_MS = 1000; // before opening a failed stream again; doubled each time, up to a minute
  /** @type {PageApi} */
  let page;
  /** @type {EventSource | null} */
  let source = null;
  let live = false;
  let heard = 0; // when the stream last said anything
  let wait = FIRST_WAIT_MS;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let again; // the timer that opens the stream again

  /** @param {string} pass */
  function open(pass) {
    close();
    const shown = page.state();
    const known = (shown && shown.key) || "";
    const stream = new EventSource(`api/events?pass=${encodeURIComponent(pass)}&known=${encodeURIComponent(known)}`);
    source = stream;
    stream.addEventListener("open", () => {
      live = true;
      heard = Date.now();
      wait = FIRST_WAIT_MS;
    });
    stream.addEventListener("state", (event) => {
      heard = Date.now();
      page.received(/** @type {State} */ (JSON.parse(event.data)));
    });
    stream.addEventListener("ping", () => {
      heard = Date.now();
    });
    stream.addEventListener("bye", (event) => {
      const why = /** @type {Bye} */ (JSON.parse(event.data)).why;
      close();
      if (why !== "replaced") later(); // replaced: a newer page has the stream; this one polls until looked at
    });
    stream.addEventListener("error", () => {
      live = false; // the page polls meanwhile
      if (source && source.readyState === EventSource.CLOSED) {
        close(); // refused (an expired pass, a full server): a fresh pass, a little later
        later();
      }
    });
  }

  function close() {
    if (source) source.close();
    source = null;
    live = false;
  }

  function later() {
    clearTimeout(again);
    again = setTimeout(renew, wait);
    wait = Math.min(wait * 2, 60000);
  }

  async function renew() {
    if (source || document.visibilityState !== "visible") return; // opened again when the page is looked at
    try {
      /** @type {Session} */
      const session = await page.api("/api/session");
      page.received(session);
      open(session.pass);
    } catch (error) {
      later();
    }
  }

  window.BullsCows.addFeed({
    live: () => live,
    start(given, session) {
      if (!window.EventSource || !session.pass) return; // no stream: the page polls
      page = given;
      open(session.pass);
      setInterval(() => {
        if (live && Date.now() - heard > QUIET_MS) {
          close();
          renew();
        }
      }, 10000);
      document.addEventListener("visibilitychange", renew);
    },
  });
})();
