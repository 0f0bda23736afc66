// The Review tab: a finished game's review as a table (the chat's review, the same rows), the coach's words, and the
// position at any guess one tap away: the codes that fit then, a page at a time, and the best guesses there.
// @ts-check
"use strict";
(() => {
  /** @type {PageApi} */
  let page; // what the page lets a tab use (app.js)
  /** @type {HTMLElement | null} */
  let panel = null;
  /** @type {ReviewReady | null} */
  let shown = null; // the review on show: {of, rows, texts, variant...}
  /** @type {number | null} */
  let opened = null; // the row whose position is open
  let codesPage = 0;
  /** @param {string} id */
  const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
  /** @param {string} id */
  const button = (id) => /** @type {HTMLButtonElement} */ ($(id));

  window.BullsCows.addTab({
    name: "review",
    label: (p) => p.tx("app.tab.review"),
    setup(element, p) {
      page = p;
      panel = element;
      const el = p.el;
      panel.append(
        el("h2", { id: "review-title" }),
        el("p", { id: "review-status", className: "muted" }),
        el("table", { id: "review-table", hidden: true }, el("thead", {}, el("tr", { id: "review-head" })), el("tbody", { id: "review-rows" })),
        el("p", { id: "review-tap", className: "muted small", hidden: true }),
        el("div", { id: "review-coach" }),
        el("p", { id: "review-legend", className: "muted small" }),
        el(
          "div",
          { id: "review-position", className: "banner", hidden: true },
          el("h3", { id: "position-title" }),
          el("p", { id: "position-least" }),
          el("ul", { id: "position-best" }),
          el("div", { id: "position-codes" }),
          el(
            "div",
            { className: "row pager" },
            el("button", { id: "position-prev", className: "action quiet", type: "button" }),
            el("span", { id: "position-page" }),
            el("button", { id: "position-next", className: "action quiet", type: "button" }),
          ),
        ),
      );
      $("position-prev").addEventListener("click", () => openPosition(opened, Math.max(0, codesPage - 1)));
      $("position-next").addEventListener("click", () => openPosition(opened, codesPage + 1));
    },
    show() {
      load();
    },
  });

  // The game the page shows, when it is a finished one of the player's guesses; else the player's last (as /review).
  function asked() {
    const g = page.game();
    return g && !g.active && g.mode === "referee" ? `game=${g.id}` : "";
  }

  /** @param {ReviewOf} of */
  const query = (of) => Object.entries(of).map(([key, value]) => `${key}=${value}`).join("&");

  async function load() {
    $("review-status").textContent = page.tx("app.review.wait");
    $("review-status").hidden = false;
    /** @type {ReviewAnswer} */
    let found;
    try {
      const wanted = asked();
      found = await page.api("/api/review" + (wanted ? "?" + wanted : ""));
    } catch (error) {
      $("review-status").textContent = page.tx("app.error");
      return;
    }
    if (found.status === "none") {
      shown = null;
      $("review-title").textContent = "";
      $("review-status").textContent = found.text || page.tx("app.review.none");
      for (const id of ["review-table", "review-tap", "review-position"]) $(id).hidden = true;
      $("review-coach").replaceChildren();
      $("review-legend").textContent = "";
      return;
    }
    const same = shown && query(shown.of) === query(found.of);
    shown = found;
    draw();
    if (!same) opened = null;
    if (opened) openPosition(opened, codesPage);
    else $("review-position").hidden = true;
  }

  /** @param {string} code @param {"td" | "span"} [tag] */
  function codeCell(code, tag) {
    const cell = page.el(tag || "td", { className: "code" });
    for (const digit of code) {
      if (shown && shown.variant.repeats) cell.append(page.el("span", { className: "peg c" + digit, title: digit }));
      else cell.append(digit);
    }
    return cell;
  }

  function draw() {
    if (!shown) return;
    const review = shown;
    const el = page.el;
    const texts = shown.texts;
    $("review-title").textContent = shown.title;
    $("review-status").hidden = true;
    $("review-head").replaceChildren(
      el("th", { textContent: "#" }),
      el("th", { textContent: texts["app.review.guess"] }),
      el("th", { textContent: "🐂" }),
      el("th", { textContent: "🐄" }),
      el("th", { textContent: texts["app.review.codes"] }),
      el("th", { textContent: texts["app.review.bits"] }),
      el("th", { textContent: texts["app.review.move"] }),
    );
    $("review-rows").replaceChildren(
      ...shown.rows.map((row) => {
        const move = el("td", { className: "label " + row.label, textContent: row.labelText });
        if (row.best) move.append(el("br"), el("span", { className: "best" }, "⭐ ", codeCell(row.best, "span")));
        const tr = el(
          "tr",
          { className: row.turning ? "turning" : "", tabIndex: 0 },
          el("td", { textContent: String(row.number) }),
          codeCell(row.guess),
          el("td", { textContent: String(row.bulls) }),
          el("td", { textContent: String(row.cows) }),
          el("td", { textContent: `${row.before} → ${row.bulls === review.variant.length ? "🎉" : row.after}` }),
          el("td", { textContent: row.bits === null ? "" : page.decimal(row.bits, 1) }),
          move,
        );
        tr.dataset.turn = String(row.number);
        tr.addEventListener("click", () => {
          page.haptic("select");
          openPosition(row.number, 0);
        });
        return tr;
      }),
    );
    $("review-table").hidden = false;
    $("review-tap").hidden = false;
    $("review-tap").textContent = texts["app.review.tap"];
    const earned = (shown.achieved || []).map((line) => el("p", { className: "banner", textContent: line }));
    $("review-coach").replaceChildren(
      ...shown.coach.map((line) => el("p", { className: "banner", textContent: line })),
      ...earned, // an achievement the review just earned (Flawless), told once
    );
    $("review-legend").textContent = shown.legend;
    button("position-prev").textContent = texts["app.prev"];
    $("position-next").textContent = texts["app.next"];
  }

  /** @param {number | null} number @param {number} pageNo */
  async function openPosition(number, pageNo) {
    if (!shown || !number) return;
    opened = number;
    for (const tr of document.querySelectorAll("#review-rows tr"))
      tr.classList.toggle("open", /** @type {HTMLElement} */ (tr).dataset.turn === String(number));
    /** @type {PositionAnswer} */
    let found;
    try {
      found = await page.api(`/api/review/position?${query(shown.of)}&turn=${number - 1}&page=${pageNo}`);
    } catch (error) {
      return;
    }
    if (found.status === "none" || opened !== number) return;
    codesPage = found.page;
    const el = page.el;
    $("position-title").textContent = found.title;
    $("position-least").textContent = found.leastText;
    $("position-best").replaceChildren(...found.best.map((best) => el("li", { textContent: best.text })));
    $("position-codes").replaceChildren(...found.codes.map((code) => codeCell(code, "span")));
    $("position-page").textContent = found.pageText;
    button("position-prev").disabled = found.page === 0;
    button("position-next").disabled = found.page + 1 >= found.pages;
    /** @type {HTMLElement} */ ($("position-page").parentElement).hidden = found.pages <= 1; // one page: nothing to turn
    $("review-position").hidden = false;
    $("review-position").scrollIntoView({ block: "nearest" });
  }
})();
