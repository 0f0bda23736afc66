// The Stats tab: the player's record, their guess distribution (a bar per number of guesses, as Wordle's), the
// accuracy of their last reviewed games and their ratings over time, drawn here as SVG in the theme's colours (the
// server sends the numbers and the words: GET /api/stats, a StatsTab). In the chat's variant, or one of those the
// player has played, chosen in a <select> above them (GET /api/stats?variant=<name>); the choice is kept while the
// page is open.
// @ts-check
"use strict";
(() => {
  const SVG = "http://www.w3.org/2000/svg";
  const WIDTH = 320; // the charts' own units: they scale to the panel's width
  /** @type {PageApi} */
  let page;
  /** @type {Record<string, HTMLElement>} */
  const parts = {};
  /** @type {HTMLSelectElement} */
  let choice;
  /** @type {string | null} the variant the player chose (null: the chat's) */
  let chosen = null;

  /**
   * An SVG element with these attributes.
   * @param {string} tag @param {Record<string, string | number>} attributes @param {(Node | string)[]} children
   * @returns {SVGElement}
   */
  function svg(tag, attributes, ...children) {
    const node = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
    node.append(...children);
    return node;
  }

  /** @param {number} height @param {string} label */
  const chart = (height, label) =>
    svg("svg", { viewBox: `0 0 ${WIDTH} ${height}`, class: "chart", role: "img", "aria-label": label });

  // The distribution: a bar a number of guesses, its height the share of the most common count, the count above it
  // and the number of guesses under it.
  /** @param {GuessBar[]} bars @param {string} label */
  function distribution(bars, label) {
    const top = Math.max(1, ...bars.map((bar) => bar.count));
    const [high, foot, head] = [120, 18, 16];
    const slot = WIDTH / Math.max(bars.length, 1);
    const width = Math.min(40, slot * 0.7);
    const drawn = chart(head + high + foot, label);
    bars.forEach((bar, i) => {
      const height = (bar.count / top) * high;
      const x = slot * i + (slot - width) / 2;
      const middle = slot * i + slot / 2;
      drawn.append(
        svg("rect", { class: "bar", x, y: head + high - height, width, height, rx: 3, "data-guesses": bar.guesses, "data-count": bar.count }),
        svg("text", { x: middle, y: head + high - height - 4, "text-anchor": "middle" }, String(bar.count)),
        svg("text", { x: middle, y: head + high + 14, "text-anchor": "middle", class: "axis" }, String(bar.guesses)),
      );
    });
    return drawn;
  }

  // Lines over time on one scale, oldest on the left: each series a polyline (a dot where it has one value only),
  // the scale's lowest and highest written on the left and its middle drawn across.
  /** @param {number[][]} series @param {number} low @param {number} high @param {string} label */
  function lines(series, low, high, label) {
    const [left, top, height] = [34, 8, 110];
    const drawn = chart(top + height + 8, label);
    const span = high - low || 1;
    const y = (/** @type {number} */ value) => top + height - ((value - low) / span) * height;
    for (const value of [low, (low + high) / 2, high]) {
      drawn.append(
        svg("line", { class: "grid", x1: left, x2: WIDTH, y1: y(value), y2: y(value) }),
        svg("text", { class: "axis", x: left - 6, y: y(value) + 4, "text-anchor": "end" }, String(Math.round(value))),
      );
    }
    series.forEach((values, s) => {
      const step = values.length > 1 ? (WIDTH - left - 6) / (values.length - 1) : 0;
      const x = (/** @type {number} */ i) => (values.length > 1 ? left + 3 + step * i : (left + WIDTH) / 2);
      const points = values.map((value, i) => `${x(i).toFixed(1)},${y(value).toFixed(1)}`).join(" ");
      if (values.length > 1) drawn.append(svg("polyline", { class: "line s" + s, points, "data-points": values.length }));
      const dots = values.length <= 12 ? values.map((value, i) => [value, i]) : [[values[values.length - 1], values.length - 1]];
      for (const [value, i] of dots) drawn.append(svg("circle", { class: "point s" + s, cx: x(i), cy: y(value), r: 3.5 }));
    });
    return drawn;
  }

  /** @param {StatsTab} found */
  function draw(found) {
    const { el } = page;
    parts.title.textContent = found.title;
    parts.choiceTitle.textContent = found.variantTitle;
    choice.replaceChildren(...found.variants.map((v) => el("option", { value: v.name, textContent: v.label })));
    choice.value = found.variant;
    parts.choice.hidden = found.variants.length < 2;
    parts.empty.hidden = !found.empty;
    parts.empty.textContent = found.empty || "";
    parts.body.hidden = !!found.empty;
    if (found.empty) return;
    parts.record.replaceChildren(...found.record.lines.map((line) => el("p", { textContent: line })));
    parts.distributionTitle.textContent = found.distributionTitle;
    parts.distribution.replaceChildren(
      ...(found.distribution.length ? [distribution(found.distribution, found.distributionNote)] : []),
      el("p", { className: "muted small", textContent: found.distributionNote }),
    );
    parts.accuracyTitle.textContent = found.accuracyTitle;
    parts.accuracy.replaceChildren(
      ...(found.accuracy.length ? [lines([found.accuracy], 0, 100, found.accuracyNote)] : []),
      el("p", { className: "muted small", textContent: found.accuracyNote }),
    );
    parts.ratingsTitle.textContent = found.ratingsTitle;
    const values = found.ratings.flatMap((series) => series.values);
    const [low, high] = [Math.min(...values), Math.max(...values)];
    const pad = Math.max(10, (high - low) * 0.1); // the scale: a little room above and below, at tens
    const [bottom, top] = [Math.floor((low - pad) / 10) * 10, Math.ceil((high + pad) / 10) * 10];
    const legend = el("ul", { className: "legend" }, ...found.ratings.map((series, s) =>
      el("li", {}, el("span", { className: "swatch s" + s }), series.latest)));
    parts.ratings.replaceChildren(
      ...(found.ratings.length
        ? [lines(found.ratings.map((series) => series.values), bottom, top, found.ratingsNote), legend]
        : []),
      el("p", { className: "muted small", textContent: found.ratingsNote }),
      ...(found.ratingsFamily ? [el("p", { className: "muted small", textContent: found.ratingsFamily })] : []),
    );
  }

  async function load() {
    const asked = chosen;
    try {
      const found = await page.api(asked ? "/api/stats?variant=" + encodeURIComponent(asked) : "/api/stats");
      if (asked === chosen) draw(found); // a later choice's answer is the one to draw
    } catch (caught) {
      const error = /** @type {ApiError} */ (caught);
      if (error.status === 400 && asked !== null && asked === chosen) {
        chosen = null; // no longer offered: the chat's again
        await load();
      } // else shown by the page (offline); opening the tab again tries again
    }
  }

  window.BullsCows.addTab({
    name: "stats",
    label: (p) => p.tx("app.tab.stats"),
    setup(panel, p) {
      page = p;
      const { el } = p;
      for (const [name, tag] of /** @type {const} */ ([
        ["title", "h2"], ["empty", "p"], ["record", "div"], ["distributionTitle", "h2"], ["distribution", "div"],
        ["accuracyTitle", "h2"], ["accuracy", "div"], ["ratingsTitle", "h2"], ["ratings", "div"],
      ])) parts[name] = el(tag, { id: "stats-" + name.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase()) });
      parts.empty.className = "banner";
      parts.empty.hidden = true;
      choice = el("select", { id: "stats-variant" });
      choice.addEventListener("change", () => {
        chosen = choice.value;
        p.haptic("select");
        load();
      });
      parts.choiceTitle = el("label", { htmlFor: "stats-variant" });
      parts.choice = el("div", { id: "stats-choice", className: "choice" }, parts.choiceTitle, choice);
      parts.choice.hidden = true;
      parts.body = el("div", { id: "stats-body" }, parts.record, parts.distributionTitle, parts.distribution,
        parts.accuracyTitle, parts.accuracy, parts.ratingsTitle, parts.ratings);
      panel.append(parts.title, parts.choice, parts.empty, parts.body);
    },
    show: load,
  });
})();
