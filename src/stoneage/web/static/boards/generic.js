// The plain board: every panel of the view as a titled list of its lines (its words).
// Used for a game without a board of its own, and when a game's board cannot be loaded.

function seatMarkFor(ctx, seat) {
  if (ctx.seatMark) return ctx.seatMark(seat, { size: 14 });
  const span = document.createElement("span");
  span.className = `seat-token seat-${seat % 4} seat-shape-${seat % 4}`;
  span.setAttribute("aria-hidden", "true");
  return span;
}

export default {
  mount(root, ctx) {
    const wrap = document.createElement("div");
    wrap.className = "generic-board";
    root.append(wrap);
    return {
      update(view, seats) {
        const panels = (view.panels || []).filter((panel) => !/^(results?|final|breakdown)$/i.test(panel.name));
        const sections = panels.map((panel) => {
          const section = document.createElement("section");
          section.className = `generic-panel panel-${String(panel.name).replace(/[^a-z0-9_-]/gi, "")}`;
          const id = `panel-${String(panel.name).replace(/[^a-z0-9_-]/gi, "")}`;
          section.setAttribute("aria-labelledby", id);
          const title = document.createElement("h3");
          title.id = id;
          title.textContent = panel.title || panel.name; // the server wrote it in the viewer's language
          section.append(title);
          const list = document.createElement("ul");
          const perSeat = Array.isArray(panel.data) && panel.data.length === seats.length &&
            (panel.lines || []).length === seats.length;
          (panel.lines || []).forEach((line, n) => {
            const item = document.createElement("li");
            if (perSeat) {
              item.className = `seat-line seat-${n % 4}${view.to_move === n ? " to-move" : ""}`;
              item.append(seatMarkFor(ctx, n), " ");
            }
            item.append(line);
            list.append(item);
          });
          section.append(list);
          return section;
        });
        wrap.replaceChildren(...sections);
      },
    };
  },
};
