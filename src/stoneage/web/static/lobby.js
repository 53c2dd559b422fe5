// @ts-check
// The lobby: who you are, quick starts, a new game, the lists of games, statistics and the leaderboard.
import {
  ApiError, api, copyText, createPlayer, ensurePlayer, forgetPlayer, invites, keepInvites, keepToken,
  loadGameTypes, playLink, seatMark, seatMarkWords, storedPlayer, watchLink, when,
} from "./api.js";
import { h } from "./dom.js";
import { _, format, language, ngettext, wireLanguageMenu } from "./i18n.js";

/** @typedef {import("./types.js").GameType} GameType */
/** @typedef {import("./types.js").GameOption} GameOption */
/** @typedef {import("./types.js").GameRow} GameRow */
/** @typedef {GameRow & {seat: number}} MyGame  a game of GET /api/players/me, with my seat */
/** @typedef {{kind: "person" | "bot", who?: string, bot?: string}} SeatChoice  a seat of the new-game form */
/** @typedef {import("./dom.js").Child} Child */

/**
 * The page's element for ``selector`` (index.html has it), as the type the caller expects.
 * @template {Element} [E=HTMLElement]
 * @param {string} selector
 * @returns {E}
 */
const $ = (selector) => /** @type {E} */ (document.querySelector(selector));
/** @type {GameType[]} GET /api/game-types */
let types = [];
/** @type {MyGame[]} GET /api/players/me → games */
let myGames = [];

/** A game's name in words. @param {string} game @returns {string} */
const displayName = (game) => (types.find((g) => g.name === game) || { display_name: "" }).display_name || game;

// --- messages ----------------------------------------------------------------------------------

/**
 * The lobby's message line (empty: hidden).
 * @param {string} text
 * @param {"info" | "error"} [kind]
 */
function say(text, kind = "info") {
  const bar = $("#lobby-message");
  bar.textContent = text;
  bar.dataset.kind = kind;
  bar.hidden = !text;
}

/** An error in words. @param {unknown} error @returns {string} */
function explain(error) {
  if (error instanceof ApiError) return error.message;
  return format(_("Something went wrong: {reason}"), { reason: error instanceof Error && error.message ? error.message : String(error) });
}

// --- who you are -------------------------------------------------------------------------------

/** Who this browser is, in the header; the welcome form before the first name. */
function showWho() {
  const player = storedPlayer();
  const who = $("#who");
  who.replaceChildren();
  if (player) {
    const [before, after] = _("You: {name}").split("{name}");
    who.append(h("span.who-name", {}, before, h("strong", { text: player.name }), after || ""));
  }
  $("#welcome").hidden = Boolean(player);
}

/** The first visit's name form. */
function setupWelcome() {
  $("#welcome-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = /** @type {HTMLInputElement} */ ($("#welcome-name")).value;
    try {
      const me = await createPlayer(name);
      showWho();
      say(format(_("Welcome, {name}! Pick a game to start."), { name: me.name }));
      refreshLists();
    } catch (error) {
      say(explain(error), "error");
    }
  });
}

/**
 * The stored key, or a new player; a key the server no longer knows is dropped and replaced.
 * @returns {Promise<import("./api.js").Player>}
 */
async function player() {
  const known = await ensurePlayer();
  showWho();
  return known;
}

// --- quick start -------------------------------------------------------------------------------

/**
 * "Play against 3 bots" with the game's name for screen readers where {game} stands.
 * @param {string} gameName
 * @param {number} bots
 * @returns {Child[]}
 */
function quickLabel(gameName, bots) {
  const sentence = format(ngettext("Play {game} against {count} bot", "Play {game} against {count} bots", bots), { count: bots });
  const [before, after] = sentence.split("{game}");
  return [before.trimEnd(), h("span.visually-hidden", { text: ` ${gameName}` }), after === undefined ? "" : after];
}

/** A quick-start card per game. */
function renderQuick() {
  const list = $("#quick-list");
  list.replaceChildren();
  for (const game of types) {
    const players = game.players.default || game.players.max;
    const bots = players - 1;
    list.append(h("article.quick-card", { "aria-labelledby": `quick-${game.name}` },
      h("div.quick-text", {},
        h("h3", { id: `quick-${game.name}`, text: game.display_name }),
        h("p.muted", { text: game.summary })),
      h("div.quick-buttons", {},
        h("button.primary", {
          type: "button", "data-game": game.name,
          onclick: (/** @type {MouseEvent} */ event) => quickStart(game, players, /** @type {HTMLButtonElement} */ (event.currentTarget)),
        }, quickLabel(game.display_name, bots)),
        game.lesson ? h("button.learn", {
          type: "button", "data-learn": game.name,
          onclick: (/** @type {MouseEvent} */ event) => learn(game, /** @type {HTMLButtonElement} */ (event.currentTarget)),
        }, _("Learn to play"), h("span.visually-hidden", { text: ` ${game.display_name}` })) : null)));
  }
}

/**
 * "Learn to play": a guided game of ``game`` (its lesson's seats), opened at the person's seat.
 * @param {GameType} game
 * @param {HTMLButtonElement} button
 */
async function learn(game, button) {
  button.disabled = true;
  say(format(_("Setting up {game}…"), { game: game.display_name }));
  try {
    const me = await player();
    const created = await api("POST", "/api/lessons", { game: game.name });
    const mine = created.seats.find((/** @type {{kind: string, token?: string}} */ seat) => seat.kind === "person" && seat.token);
    await claimMine(created.id, [[mine.seat, mine.token]], me.name);
    location.assign(`/play/${encodeURIComponent(created.id)}?seat=${mine.seat}`);
  } catch (error) {
    say(explain(error), "error");
    button.disabled = false;
  }
}

/**
 * Take my seats of a game just created: joining with my key ties each to me at once (it shows in
 * "Your games", resumes with key + seat, and nobody else can join it); its new token is kept.
 * @param {string} gameId
 * @param {[number, string][]} seats  [seat, its token from the creation]
 * @param {string} name
 */
async function claimMine(gameId, seats, name) {
  for (const [seat, token] of seats) {
    try {
      const joined = await api("POST", `/api/games/${encodeURIComponent(gameId)}/join`, { seat, name });
      keepToken(gameId, seat, joined.token);
    } catch {
      keepToken(gameId, seat, token);  // the creation token still opens the seat
    }
  }
}

/**
 * A game against bots, at once, with this browser at seat 1.
 * @param {GameType} game
 * @param {number} players
 * @param {HTMLButtonElement} button
 */
async function quickStart(game, players, button) {
  button.disabled = true;
  say(format(_("Setting up {game}…"), { game: game.display_name }));
  try {
    const me = await player();
    /** @type {SeatChoice[]} */
    const seats = [{ kind: "person" }];
    for (let n = 1; n < players; n += 1) seats.push({ kind: "bot", bot: game.bots[0] });
    const created = await api("POST", "/api/games", { game: game.name, seats });
    await claimMine(created.id, [[0, created.seats[0].token]], me.name);
    location.assign(`/play/${encodeURIComponent(created.id)}?seat=0`);
  } catch (error) {
    say(explain(error), "error");
    button.disabled = false;
  }
}

// --- a new game --------------------------------------------------------------------------------

/** The game chosen in the form. @returns {GameType} */
function selectedType() {
  const checked = /** @type {HTMLInputElement | null} */ (document.querySelector('input[name="game"]:checked'));
  return types.find((g) => g.name === (checked ? checked.value : "")) || types[0];
}

/** The form's choice of game. */
function renderGameChoice() {
  const field = $("#game-choice");
  field.querySelectorAll(".choice-card").forEach((el) => el.remove());
  types.forEach((game, index) => {
    const id = `game-${game.name}`;
    field.append(h("div.choice-card",
      {},
      h("input", { type: "radio", name: "game", id, value: game.name, checked: index === 0,
                   "aria-describedby": `${id}-about`, onchange: renderGameOptions }),
      h("label", { for: id },
        h("strong", { text: game.display_name }),
        h("span.muted", { id: `${id}-about` },
          game.summary + " " + format(_("{min}–{max} players."), { min: game.players.min, max: game.players.max })))));
  });
}

/** The form's players, seats, expansions and variants for the chosen game. */
function renderGameOptions() {
  const game = selectedType();
  if (!game) return;
  /** @type {HTMLSelectElement} */
  const players = $("#players");
  const previous = Number(players.value) || game.players.default;
  players.replaceChildren();
  for (let n = game.players.min; n <= game.players.max; n += 1) {
    players.append(h("option", { value: String(n), text: format(ngettext("{count} player", "{count} players", n), { count: n }) }));
  }
  players.value = String(Math.min(Math.max(previous, game.players.min), game.players.max));
  renderSeats();
  renderOptionList($("#expansions"), "expansion", game.expansions, _("This game has no expansions."));
  renderOptionList($("#variants"), "variant", game.variants, _("This game has no house rules to choose."));
}

/**
 * The checkboxes of a game's expansions or variants.
 * @param {HTMLElement} field
 * @param {"expansion" | "variant"} kind
 * @param {GameOption[]} options
 * @param {string} none  the words when there are none
 */
function renderOptionList(field, kind, options, none) {
  field.querySelectorAll(":scope > :not(legend)").forEach((el) => el.remove());
  if (!options.length) {
    field.append(h("p.muted", { text: none }));
    return;
  }
  for (const option of options) {
    const id = `${kind}-${option.name}`;
    field.append(h("div.check",
      {},
      h("input", { type: "checkbox", id, name: kind, value: option.name, "aria-describedby": language === "en" ? `${id}-doc` : null }),
      // the option's own name is an English identifier: other languages show its description alone
      language === "en" ? h("label", { for: id }, h("strong", { text: option.name.replaceAll("_", " ") }))
        : h("label", { for: id, text: option.doc }),
      language === "en" ? h("p.help", { id: `${id}-doc`, text: option.doc }) : null));
  }
}

/** A seat row per player: me, a friend or a bot; and who begins. */
function renderSeats() {
  const game = selectedType();
  const count = Number(/** @type {HTMLSelectElement} */ ($("#players")).value) || game.players.default;
  const field = $("#seats");
  const before = [...field.querySelectorAll("select")].map((s) => s.value);
  field.querySelectorAll(":scope > :not(legend)").forEach((el) => el.remove());
  for (let seat = 0; seat < count; seat += 1) {
    const id = `seat-${seat}`;
    const select = h("select", { id, name: id },
      h("option", { value: "me", text: _("Me") }),
      h("option", { value: "friend", text: _("A friend (invite link)") }),
      h("optgroup", { label: _("A bot") },
        game.bots.map((bot, n) => h("option", { value: `bot:${bot}`, text: format(n === 0 ? _("Bot: {level} (default)") : _("Bot: {level}"), { level: game.bot_labels?.[bot] ?? bot }) }))));
    const wanted = before[seat] || (seat === 0 ? "me" : `bot:${game.bots[0]}`);
    select.value = [...select.options].some((o) => o.value === wanted) ? wanted : `bot:${game.bots[0]}`;
    field.append(h("div.seat-row", {},
      h("label", { for: id }, seatMark(seat), " " + format(_("Seat {number}"), { number: seat + 1 }),
        h("span.visually-hidden", { text: ` (${seatMarkWords(seat)})` })),
      select));
  }
  /** @type {HTMLSelectElement} */
  const first = $("#first-player");
  const chosen = first.value;
  first.replaceChildren(...Array.from({ length: count }, (unused, n) => h("option", { value: String(n), text: format(_("Seat {number}"), { number: n + 1 }) })));
  first.value = Number(chosen) < count ? chosen : "0";
}

/**
 * The new game as the form says it: POST /api/games's body, and each seat's choice.
 * @returns {{body: {game: string, seats: {kind: string, bot?: string}[], expansions: string[], variants: string[],
 *   pace?: number, clock?: number, first_player?: number}, seats: SeatChoice[]}}
 */
function readForm() {
  const game = selectedType();
  const seats = [...$("#seats").querySelectorAll("select")].map((select) => {
    if (select.value.startsWith("bot:")) return /** @type {SeatChoice} */ ({ kind: "bot", bot: select.value.slice(4) });
    return /** @type {SeatChoice} */ ({ kind: "person", who: select.value });
  });
  const checked = (/** @type {string} */ name) =>
    [.../** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll(`input[name="${name}"]:checked`))].map((i) => i.value);
  /** @type {ReturnType<typeof readForm>["body"]} */
  const body = {
    game: game.name,
    seats: seats.map(({ kind, bot }) => (kind === "bot" ? { kind, bot } : { kind })),
    expansions: checked("expansion"),
    variants: checked("variant"),
  };
  const pace = /** @type {HTMLInputElement} */ ($("#pace")).value.trim();
  if (pace !== "") body.pace = Number(pace);
  const clock = /** @type {HTMLSelectElement} */ ($("#clock")).value;
  if (clock) body.clock = Number(clock);
  const first = Number(/** @type {HTMLSelectElement} */ ($("#first-player")).value);
  if (first) body.first_player = first;
  return { body, seats };
}

/**
 * Create the game of the form: straight to the table when every seat is mine or a bot's, else the links.
 * @param {SubmitEvent} event
 */
async function createGame(event) {
  event.preventDefault();
  const error = $("#new-error");
  error.hidden = true;
  const { body, seats } = readForm();
  if (body.pace !== undefined && !(body.pace >= 0 && body.pace <= 10)) {
    error.textContent = _("The pause between bot moves is 0 to 10 seconds.");
    error.hidden = false;
    $("#pace").focus();
    return;
  }
  /** @type {HTMLButtonElement} */
  const button = $("#create-button");
  button.disabled = true;
  try {
    const me = await player();
    const created = await api("POST", "/api/games", body);
    /** @type {Record<string, string>} */
    const friends = {};
    /** @type {[number, string][]} */
    const mine = [];
    created.seats.forEach((/** @type {{token?: string}} */ seat, /** @type {number} */ n) => {
      if (!seat.token) return;
      if (seats[n].who === "me") mine.push([n, seat.token]);
      else friends[n] = playLink(created.id, seat.token);
    });
    keepInvites(created.id, friends);
    await claimMine(created.id, mine, me.name);
    const firstMine = mine.length ? mine[0][0] : null;
    if (!Object.keys(friends).length && firstMine !== null) {
      location.assign(`/play/${encodeURIComponent(created.id)}?seat=${firstMine}`);
      return;
    }
    showCreated(created, friends, seats);
    refreshLists();
  } catch (failure) {
    error.textContent = explain(failure);
    error.hidden = false;
  } finally {
    button.disabled = false;
  }
}

/**
 * A link with its copy button.
 * @param {string} id
 * @param {string} label
 * @param {string} link
 * @returns {HTMLDivElement}
 */
function linkRow(id, label, link) {
  const input = h("input", { id, type: "text", readonly: true, value: link });
  const status = h("span.copy-status", { role: "status" });
  return h("div.link-row", {},
    h("label", { for: id }, label),
    h("div.link-copy", {}, input,
      h("button", {
        type: "button", "aria-label": format(_("Copy: {what}"), { what: label }),
        onclick: async () => {
          status.textContent = (await copyText(link, input)) ? _("Copied") : _("Select and copy it");
          setTimeout(() => { status.textContent = ""; }, 2500);
        },
      }, _("Copy")), status));
}

/**
 * The game just created: the friends' links, the watch link and the way to the table.
 * @param {GameRow} created
 * @param {Record<string, string>} friends  seat → invite link
 * @param {SeatChoice[]} seats
 */
function showCreated(created, friends, seats) {
  const box = $("#created");
  const rows = [];
  Object.entries(friends).forEach(([seat, link]) => {
    rows.push(linkRow(`invite-${seat}`, format(_("Invite link for seat {number}"), { number: Number(seat) + 1 }), link));
  });
  rows.push(linkRow("spectate-link", _("Link to watch"), watchLink(created.id)));
  const mine = seats.map((s, n) => (s.who === "me" ? n : -1)).filter((n) => n >= 0);
  box.replaceChildren(
    h("h3", { text: format(_("{game}: the game is ready"), { game: displayName(created.game) }) }),
    h("p", { text: _("Send each friend their own link: it opens their seat. The links are shown once here (this browser also keeps them for the table page).") }),
    ...rows,
    h("div.actions", {},
      mine.map((seat) => h("a.button.primary", { href: `/play/${encodeURIComponent(created.id)}?seat=${seat}` },
        mine.length > 1 ? format(_("Play seat {number}"), { number: seat + 1 }) : _("Go to the table"))),
      mine.length ? null : h("a.button", { href: `/watch/${encodeURIComponent(created.id)}` }, _("Watch the game")),
      h("button.quiet", { type: "button", onclick: () => { box.hidden = true; $("#new-game").hidden = false; } }, _("Set up another game"))));
  $("#new-game").hidden = true;
  box.hidden = false;
  box.focus();
}

// --- lists -------------------------------------------------------------------------------------

/** A game's seats as chips. @param {GameRow} game @returns {HTMLLIElement[]} */
function seatSummary(game) {
  return game.seats.map((seat) => {
    const name = seat.name || (seat.kind === "person" && !seat.taken ? _("free seat") : format(_("Player {number}"), { number: seat.seat + 1 }));
    return h("li.seat-chip", {}, seatMark(seat.seat), h("span", { text: name }));
  });
}

/** Who won a finished game, with the scores. @param {GameRow} game @returns {string} */
function resultWords(game) {
  if (!game.result) return "";
  const winners = game.result.winners.map((n) => (game.seats[n] && game.seats[n].name) || format(_("Player {number}"), { number: n + 1 }));
  const scores = game.result.scores.join(" : ");
  return format(winners.length > 1 ? _("Winners: {names} ({scores})") : _("Winner: {names} ({scores})"),
    { names: winners.join(_(", ")), scores });
}

/** An expansion's or variant's name as the lists show it: its identifier in English ("hunt repeat"),
 *  its description (translated by the server) in the other languages.
 * @param {string} gameName
 * @param {string} option
 * @returns {string}
 */
function optionWords(gameName, option) {
  const type = types.find((g) => g.name === gameName);
  const found = type && [...type.expansions, ...type.variants].find((o) => o.name === option);
  return language !== "en" && found && found.doc ? found.doc : option.replaceAll("_", " ");
}

/**
 * A game in a list, with its buttons.
 * @param {GameRow} game
 * @param {Child[]} actions
 * @returns {HTMLElement}
 */
function gameItem(game, actions) {
  const title = displayName(game.game);
  const extra = [...game.expansions, ...game.variants].map((o) => optionWords(game.game, o)).join(_(", "));
  const players = format(ngettext("{count} player", "{count} players", game.players), { count: game.players });
  return h("article.game-item", { "aria-label": `${title}, ${players}` },
    h("div.game-item-main", {},
      h("p.game-title", {}, h("strong", { text: title }), " ",
        h("span.muted", { text: `${players}${extra ? " · " + extra : ""} · ${when(game.updated_at)}` })),
      h("ul.seat-chips", { "aria-label": _("Seats") }, seatSummary(game)),
      game.result ? h("p.result", { text: resultWords(game) }) : null),
    h("div.game-item-actions", {}, actions));
}

/** A list's words when it is empty. @param {string} text @returns {HTMLParagraphElement} */
function emptyNote(text) {
  return h("p.muted.empty", { text });
}

/** "Your games": the ongoing ones and the latest finished ones. */
async function loadMine() {
  const box = $("#mine");
  if (!storedPlayer()) {
    box.replaceChildren(emptyNote(_("Your games will be listed here.")));
    myGames = [];
    return;
  }
  try {
    const me = await api("GET", "/api/players/me");
    myGames = me.games;
  } catch (error) {
    if (error instanceof ApiError && error.status === 403 && error.code === "bad_key") {
      forgetPlayer();
      showWho();
      say(_("This server does not know your personal key any more; choose a name to start afresh."), "error");
    }
    myGames = [];
  }
  const ongoing = myGames.filter((g) => g.status !== "finished");
  const done = myGames.filter((g) => g.status === "finished").slice(0, 5);
  if (!myGames.length) {
    box.replaceChildren(emptyNote(_("No games yet: start one on the left.")));
    return;
  }
  box.replaceChildren(...[...ongoing, ...done].map((game) => gameItem(game, game.status === "finished"
    ? [h("a.button", { href: `/replay/${encodeURIComponent(game.id)}` }, _("Replay"))]
    : [h("a.button.primary", { href: `/play/${encodeURIComponent(game.id)}?seat=${game.seat}` }, _("Resume")),
       ...inviteButtons(game)])));
}

/** A copy button per friend seat still free (the creator's links). @param {GameRow} game @returns {HTMLButtonElement[]} */
function inviteButtons(game) {
  const links = invites(game.id);
  return Object.entries(links)
    .filter(([seat]) => game.seats[Number(seat)] && !game.seats[Number(seat)].taken)
    .map(([seat, link]) => h("button.quiet", {
      type: "button",
      onclick: async (/** @type {MouseEvent} */ event) => {
        const button = /** @type {HTMLButtonElement} */ (event.currentTarget);
        const ok = await copyText(link);
        button.textContent = ok ? _("Link copied") : link;
      },
    }, format(_("Copy invite for seat {number}"), { number: Number(seat) + 1 })));
}

/**
 * Take a free seat of an open game and go to the table.
 * @param {GameRow} game
 * @param {HTMLButtonElement} button
 */
async function joinGame(game, button) {
  button.disabled = true;
  try {
    const me = await player();
    const joined = await api("POST", `/api/games/${encodeURIComponent(game.id)}/join`, { name: me.name });
    keepToken(game.id, joined.seat, joined.token);
    location.assign(`/play/${encodeURIComponent(game.id)}?seat=${joined.seat}`);
  } catch (error) {
    say(explain(error), "error");
    button.disabled = false;
    refreshLists();
  }
}

/**
 * A list of games by status (without mine).
 * @param {"open" | "running" | "finished"} status
 * @param {HTMLElement} box
 * @param {(game: GameRow) => Child[]} actions
 * @param {string} empty
 */
async function loadList(status, box, actions, empty) {
  try {
    /** @type {GameRow[]} */
    const games = await api("GET", `/api/games?status=${status}&limit=12`, undefined, { key: false });
    const mine = new Set(myGames.map((g) => g.id));
    const shown = games.filter((g) => !mine.has(g.id));
    box.replaceChildren(...(shown.length ? shown.map((g) => gameItem(g, actions(g))) : [emptyNote(empty)]));
  } catch (error) {
    box.replaceChildren(emptyNote(explain(error)));
  }
}

/** Every list and the statistics again. */
async function refreshLists() {
  await loadMine();
  await Promise.all([
    loadList("open", $("#open"), (game) => [
      h("button.primary", { type: "button", onclick: (/** @type {MouseEvent} */ e) => joinGame(game, /** @type {HTMLButtonElement} */ (e.currentTarget)) }, _("Join")),
      h("a.button", { href: `/watch/${encodeURIComponent(game.id)}` }, _("Watch"))],
    _("No game is waiting for players.")),
    loadList("running", $("#running"), (game) => [
      h("a.button", { href: `/watch/${encodeURIComponent(game.id)}` }, _("Watch"))],
    _("No game is being played right now.")),
    loadList("finished", $("#finished"), (game) => [
      h("a.button", { href: `/replay/${encodeURIComponent(game.id)}` }, _("Replay"))],
    _("No finished games yet.")),
    loadStats(),
  ]);
}

// --- statistics --------------------------------------------------------------------------------

/**
 * A table whose first column heads its rows.
 * @param {string} caption
 * @param {string[]} head
 * @param {Child[][]} rows
 * @returns {HTMLDivElement}
 */
function table(caption, head, rows) {
  return h("div.table-wrap", {},
    h("table", {},
      h("caption.visually-hidden", { text: caption }),
      h("thead", {}, h("tr", {}, head.map((cell) => h("th", { scope: "col", text: cell })))),
      h("tbody", {}, rows.map((row) => h("tr", {}, row.map((cell, n) => (n === 0
        ? h("th", { scope: "row" }, cell) : h("td", {}, cell))))))));
}

/** My results per game, then the leaderboard. */
async function loadStats() {
  const box = $("#my-stats");
  if (!storedPlayer()) {
    box.replaceChildren(emptyNote(_("Play a game to see your results.")));
  } else {
    try {
      const stats = await api("GET", "/api/players/me/stats");
      box.replaceChildren(...[
        h("p", { text: format(_("{games}, {wins}"), {
          games: format(ngettext("{count} finished game", "{count} finished games", stats.games), { count: stats.games }),
          wins: format(ngettext("{count} win.", "{count} wins.", stats.wins), { count: stats.wins }),
        }) }),
        stats.by_game.length ? table(_("Your results per game"), [_("Game"), _("Players"), _("Games"), _("Wins"), _("Average score")],
          stats.by_game.map((/** @type {{game: string, players: number, games: number, wins: number, average_score: number}} */ r) => [displayName(r.game), String(r.players), String(r.games), String(r.wins), String(r.average_score)])) : null,
      ].filter((node) => node !== null));
    } catch (error) {
      box.replaceChildren(emptyNote(explain(error)));
    }
  }
  await loadLeaderboard();
}

/** The leaderboard of the game chosen. */
async function loadLeaderboard() {
  /** @type {HTMLSelectElement} */
  const select = $("#leaderboard-game");
  const box = $("#leaderboard");
  if (!select.value) return;
  try {
    const board = await api("GET", `/api/leaderboard?game=${encodeURIComponent(select.value)}`, undefined, { key: false });
    box.replaceChildren(board.players.length
      ? table(format(_("Leaderboard of {game}"), { game: displayName(select.value) }), [_("#"), _("Name"), _("Rating"), _("Games"), _("Wins")],
        board.players.slice(0, 20).map((/** @type {{name: string, kind: string, rating: number, games: number, wins: number}} */ p, /** @type {number} */ n) => [String(n + 1),
          h("span", {}, p.name, p.kind === "bot" ? h("span.tag", { text: _("bot") }) : null),
          p.rating.toFixed(1), String(p.games), String(p.wins)]))
      : emptyNote(_("No finished games of this game yet.")));
  } catch (error) {
    box.replaceChildren(emptyNote(explain(error)));
  }
}

// --- start -------------------------------------------------------------------------------------

/** Wire the page and fill it. */
async function start() {
  wireLanguageMenu($("#language"));
  showWho();
  setupWelcome();
  $("#new-game").addEventListener("submit", createGame);
  $("#players").addEventListener("change", renderSeats);
  $("#refresh").addEventListener("click", refreshLists);
  $("#leaderboard-game").addEventListener("change", loadLeaderboard);
  try {
    types = await loadGameTypes();
  } catch (error) {
    say(explain(error), "error");
    $("#quick-list").replaceChildren(emptyNote(_("The games could not be loaded.")));
    return;
  }
  renderQuick();
  renderGameChoice();
  renderGameOptions();
  $("#leaderboard-game").replaceChildren(...types.map((g) => h("option", { value: g.name, text: g.display_name })));
  await refreshLists();
  setInterval(() => {
    // not while the reader is in the lists (redrawing them would take their focus away)
    if (document.visibilityState === "visible" && !$("#games").contains(document.activeElement) &&
        !$("#stats").contains(document.activeElement)) refreshLists();
  }, 20000);
}

start();
