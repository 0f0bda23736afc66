// The Puzzle tab: the puzzle of the day and the rated ladder ("Which code is it?" and the best next guess), answered
// on the page. Everything it shows comes from POST /api/puzzle, which answers with the puzzle's screen as the chat
// has it, and with what the answer earned (an achievement), if anything.
// @ts-check
"use strict";
(() => {
  /** @type {PuzzleScreen | null} */
  let current = null; // the screen shown: {kind, key, over, ...}
  /** @type {ReturnType<typeof made>} */
  let parts;
  let sending = false;

  /** @param {PageApi} page @param {PuzzleAnswer} found */
  function draw(page, found) {
    const { el } = page;
    const texts = found.texts || {};
    parts.answer.textContent = texts["app.puzzle.answer"] || "OK";
    parts.giveUp.textContent = texts["puzzle.btn.give_up"] || "";
    parts.next.textContent = texts["puzzle.btn.next"] || "";
    parts.daily.textContent = texts["puzzle.btn.daily"] || "";
    parts.board.textContent = texts["puzzle.btn.board"] || "";
    if ("lines" in found) {
      parts.refused.hidden = true;
      parts.lines.replaceChildren(...found.lines.map((line) => el("p", { textContent: line })));
      parts.lines.hidden = false;
      return;
    }
    parts.refused.textContent = found.refused || "";
    parts.refused.hidden = !found.refused;
    parts.lines.hidden = true;
    const board = found.board;
    if (!board) return;
    current = board;
    parts.title.replaceChildren(...board.title.map((line, i) => el(i ? "p" : "h2", { textContent: line })));
    parts.clues.replaceChildren(
      ...board.clues.map((clue) => {
        const row = el(
          "tr",
          { className: clue.broken ? "broken" : "" },
          el("td", { textContent: "#" + clue.number }),
          el("td", { className: "code", textContent: clue.guess }),
          el("td", { textContent: clue.bulls + "🐂" }),
          el("td", { textContent: clue.cows + "🐄" }),
        );
        if (clue.broken && clue.would) row.append(el("td", { className: "muted", textContent: `≠ ${clue.would[0]}🐂 ${clue.would[1]}🐄` }));
        return row;
      }),
    );
    const said = [...board.prompt, ...board.verdict, ...board.notices, ...board.ending, ...(found.achieved || [])];
    parts.said.replaceChildren(...said.map((line) => el("p", { textContent: line })));
    parts.share.textContent = board.share || "";
    parts.share.hidden = !board.share;
    parts.form.hidden = board.over;
    parts.giveUp.hidden = board.over;
    parts.next.hidden = !board.over && board.kind === "ladder";
    parts.board.hidden = board.kind !== "daily";
  }

  /** @param {PageApi} page @param {PuzzleRequest} body */
  async function send(page, body) {
    if (sending) return;
    sending = true;
    try {
      /** @type {PuzzleAnswer} */
      const found = await page.api("/api/puzzle", { method: "POST", body: JSON.stringify(body) });
      if ("board" in found && found.board && found.board.verdict.length)
        page.haptic("notify", found.board.solved ? "success" : "error");
      draw(page, found);
    } catch (error) {
      // the page's banner says when it is offline; the next tap tries again
    } finally {
      sending = false;
    }
  }

  /** @param {PageApi} page */
  function answer(page) {
    const code = parts.input.value.trim();
    if (!code || !current) return;
    parts.input.value = "";
    send(page, { do: "answer", kind: current.kind, key: current.key, code });
  }

  // The tab's elements, made once
  /** @param {PageApi["el"]} el */
  function made(el) {
    const input = el("input", { id: "puzzle-code", inputMode: "numeric", autocomplete: "off", maxLength: 16 });
    const answer = el("button", { id: "puzzle-answer", className: "action" });
    return {
      title: el("div", { id: "puzzle-title" }),
      clues: el("tbody", { id: "puzzle-clues" }),
      said: el("div", { id: "puzzle-said" }),
      refused: el("p", { id: "puzzle-refused", className: "banner", hidden: true }),
      input,
      answer,
      form: el("div", { className: "row" }, input, answer),
      share: el("pre", { id: "puzzle-share", className: "banner", hidden: true }),
      giveUp: el("button", { id: "puzzle-give-up", className: "action quiet" }),
      next: el("button", { id: "puzzle-next", className: "action" }),
      daily: el("button", { id: "puzzle-daily", className: "action quiet" }),
      board: el("button", { id: "puzzle-board", className: "action quiet" }),
      lines: el("div", { id: "puzzle-lines", hidden: true }),
    };
  }

  window.BullsCows.addTab({
    name: "puzzle",
    label: (page) => page.tx("app.tab.puzzle"),
    setup(panel, page) {
      const { el } = page;
      parts = made(el);
      panel.append(
        parts.title,
        el("table", { id: "puzzle-table" }, parts.clues),
        parts.said,
        parts.refused,
        parts.form,
        parts.share,
        el("div", { className: "row" }, parts.giveUp, parts.next, parts.daily, parts.board),
        parts.lines,
      );
      parts.answer.addEventListener("click", () => answer(page));
      parts.input.addEventListener("keydown", (event) => {
        if (event.key === "Enter") answer(page);
      });
      parts.giveUp.addEventListener("click", () => current && send(page, { do: "give_up", kind: current.kind, key: current.key }));
      parts.next.addEventListener("click", () => send(page, { do: "next" }));
      parts.daily.addEventListener("click", () => send(page, { do: "daily" }));
      parts.board.addEventListener("click", () => send(page, { do: "board" }));
    },
    show(panel, page) {
      send(page, { do: "show" });
    },
  });
})();
