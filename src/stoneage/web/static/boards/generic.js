// @ts-check
// The plain board: every panel of the view as a titled list of its lines (its words).
// Used for a game without a board of its own, and when a game's board cannot be loaded.

import { h } from "../dom.js";

/** @typedef {import("../types.js").BoardContext} BoardContext */
/** @typedef {import("../types.js").View} View */
/** @typedef {import("../types.js").Seat} Seat */

/**
 * The seat's mark: the table's (an SVG with a title), else a plain coloured shape.
 * @param {BoardContext} ctx
 * @param {number} seat
 * @returns {HTMLElement}
 */
function seatMarkFor(ctx, seat) {
  if (ctx.seatMark) return ctx.seatMark(seat, { size: 14 });
  return h(`span.seat-token.seat-${seat % 4}.seat-shape-${seat % 4}`, { "aria-hidden": "true" });
}

export default {
  /**
   * @param {HTMLElement} root
   * @param {BoardContext} ctx
   */
  mount(root, ctx) {
    const wrap = h("div.generic-board");
    root.append(wrap);
    return {
      /**
       * @param {View} view
       * @param {Seat[]} seats
       */
      update(view, seats) {
        const panels = (view.panels || []).filter((panel) => !/^(results?|final|breakdown)$/i.test(panel.name));
        const sections = panels.map((panel) => {
          const name = String(panel.name).replace(/[^a-z0-9_-]/gi, "");
          const id = `panel-${name}`;
          const perSeat = Array.isArray(panel.data) && panel.data.length === seats.length &&
            (panel.lines || []).length === seats.length;
          return h(`section.generic-panel.panel-${name}`, { "aria-labelledby": id },
            h("h3", { id, text: panel.title || panel.name }), // the server wrote it in the viewer's language
            h("ul", {}, (panel.lines || []).map((line, n) => perSeat
              ? h(`li.seat-line.seat-${n % 4}${view.to_move === n ? ".to-move" : ""}`, {}, seatMarkFor(ctx, n), " ", line)
              : h("li", {}, line))));
        });
        wrap.replaceChildren(...sections);
      },
    };
  },
};
