// One More Card: the phone's page. It keeps no game of its own: every "state" message from the
// game is drawn whole (docs/PHONES.md), and a tap sends back exactly the move the game offered.
// Its own words are t("...") and tn("one", "many", n): the game's catalogs hold them, and the
// server gives the page their translations in the phone's language (words.json).
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  let socket = null;
  let retry = 0; // reconnection attempts since the last good connection
  let ended = false; // replaced or closed: never reconnect
  let toastTimer = 0;
  let lastHand = null; // the hand last drawn, laid out again when the screen changes size
  let revealOpen = false; // a challenge's result waits for its OK
  let unoSaid = null; // whether this seat had called UNO at the last state (null: none came yet)
  let unoTimer = 0;

  const CARD_RATIO = 1.4; // the card faces' 5:7 proportion
  const MAX_CARD_WIDTH = 130; // CSS px: big enough to read across the table, not to shout
  const MIN_TAP = 44; // CSS px each way a finger needs (WCAG 2.5.5)
  const EXPOSED = 50; // what the layout leaves uncovered when it can: a finger and a margin
  const GAP = 8;
  const UNO_FLASH_MS = 900; // the phone's own UNO! moment (phone.css draws it; no sound)

  // The page's words in its language (scenes/phoneserver/words.py): until they come, English.
  let words = { language: "en", lang: "en", words: {}, plurals: {} };
  let lastState = null; // the game's last state, drawn again when the words come
  let ready = false; // the words came (or could not): the page may join the game
  let wanted = ""; // the language the game last spoke to this seat in ("": not told yet)

  function t(message) {
    const found = words.words[message];
    return typeof found === "string" && found ? found : message;
  }

  // A text for a count: the server sent each count form, which form the counts 0 to 199 take,
  // and a million's; a bigger count takes a million's form if it is a whole number of them,
  // else that of 100 + its last two digits (no language's rule looks further: words.py).
  function tn(singular, plural, n) {
    const found = words.plurals[singular];
    const count = Math.abs(Math.trunc(Number(n) || 0));
    if (!found) return count === 1 ? singular : plural;
    let index = found.index[count < 200 ? count : 100 + (count % 100)];
    if (count >= 200 && count % 1000000 === 0) index = found.million;
    return found.forms[index] || (count === 1 ? singular : plural);
  }

  // A text's {name} placeholders filled (after translating: each language orders its words).
  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
  }

  function loadWords(language) {
    const address = language ? "words.json?language=" + encodeURIComponent(language) : "words.json";
    return fetch(address, { cache: "no-store" })
      .then((answer) => (answer.ok ? answer.json() : null))
      .then((found) => {
        // An answer the game's latest word has overtaken (a state in another language came
        // meanwhile) is not taken.
        const current = !wanted || (found && found.language === wanted);
        if (found && found.words && found.plurals && current) words = found;
        label();
      })
      .catch(() => label()); // the words could not come: the page speaks English
  }

  // The page's own fixed texts, in its language.
  function label() {
    document.documentElement.lang = words.lang || "en";
    document.title = t("One More Card");
    if (!lastState && !ended) $("prompt").textContent = t("Connecting…");
    $("hand").setAttribute("aria-label", t("Your cards"));
    $("side").setAttribute("aria-label", t("Moves"));
    $("reveal").setAttribute("aria-label", t("Challenge result"));
    $("reveal-ok").textContent = t("OK");
    $("over").setAttribute("aria-label", t("Round result"));
    $("over-player").textContent = t("Player");
    $("over-left").textContent = t("Left in hand");
    $("over-won").textContent = t("Won");
    $("over-total").textContent = t("Total");
    if (lastState && !ended) drawWords(lastState); // what was drawn before the words came
  }

  // What the page writes itself on a state's parts (the game's own texts come written).
  function drawWords(state) {
    drawTable(state.table);
    $("rules").textContent = state.table.house_rules.length
      ? fill(t("House Rules: {rules}"), { rules: state.table.house_rules.join(" · ") }) : "";
    drawFair(state.fair);
    if (state.over) drawOver(state.over);
    if (state.challenge) drawWhose(state.challenge);
  }

  // The Fair deal badge (docs/FAIRNESS.md): the first groups of the deck's commitment, the same
  // as the table's; a tap shows all of it. At the round's end the round result shows each deck's
  // reveal, a line a deck, written by the game: the lines of the table's scoring screen.
  let fairOpen = false;
  function drawFair(fair) {
    const badge = $("fair");
    badge.hidden = !fair;
    $("over-fair").textContent = "";
    if (!fair) return;
    // Opened: four lines of four groups, as the table's badge shows it.
    const lines = fair.commitment.match(/.{1,16}/g).map((line) => line.match(/.{1,4}/g).join(" "));
    badge.textContent = fairOpen ? [t("Fair deal"), ...lines].join("\n")
      : t("Fair deal") + "  " + fair.short;
    // Opened, the side panel grows to show all of it (the hand's box gets smaller, and the
    // hand is laid out again); the latest lines stay in sight.
    $("side").classList.toggle("fair-open", fairOpen);
    badge.onclick = () => {
      fairOpen = !fairOpen;
      drawFair(fair);
      $("side").scrollTop = $("side").scrollHeight;
    };
    if (fair.reveal) showReveal($("over-fair"), fair.reveal.map((deck) => deck.text));
  }

  // Each deck's reveal, a line each, as the game wrote it: its sentence, then the formula, kept
  // apart as what it is (translate="no": hex digits and card codes, in no language) with
  // "SHA-256" on one line (a narrow phone broke it at its hyphen). The page's text is the same.
  function showReveal(box, lines) {
    const name = "SHA-256";
    lines.forEach((line, i) => {
      if (i > 0) box.append("\n");
      const at = line.indexOf(name);
      if (at < 0) {
        box.append(line);
        return;
      }
      box.append(line.slice(0, at));
      const formula = document.createElement("span");
      formula.setAttribute("translate", "no");
      const kept = document.createElement("span");
      kept.className = "nowrap";
      kept.textContent = name;
      formula.append(kept, line.slice(at + name.length));
      box.append(formula);
    });
  }

  function address() {
    const url = new URL("ws", location.href); // the page lives at /p/<token>/
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    return url.href;
  }

  function connect() {
    if (ended || (socket && socket.readyState <= 1)) return;
    socket = new WebSocket(address());
    socket.onopen = () => { retry = 0; };
    socket.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      receive(message);
    };
    socket.onclose = () => {
      socket = null;
      if (ended) return;
      $("prompt").textContent = t("Connection lost, reconnecting…");
      document.body.dataset.turn = "false";
      retry += 1;
      setTimeout(connect, Math.min(5000, 300 * 2 ** Math.min(retry, 4)));
    };
  }

  function send(action) {
    if (!socket || socket.readyState !== 1) {
      toast(t("Not connected: reconnecting…"));
      return;
    }
    socket.send(JSON.stringify({ type: "act", action: action }));
  }

  function receive(message) {
    switch (message.type) {
      case "state": draw(message); break;
      case "refused": toast(message.text); break;
      case "replaced":
      case "closed":
        ended = true;
        revealOpen = false;
        $("gone-text").textContent = message.text;
        overlay("gone");
        document.body.dataset.turn = "false";
        break;
    }
  }

  function toast(text) {
    const box = $("toast");
    box.textContent = text;
    box.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { box.hidden = true; }, 3000);
  }

  function cardImage(face) {
    const img = document.createElement("img");
    img.src = "card/" + encodeURIComponent(face) + ".png";
    img.alt = "";
    img.draggable = false;
    return img;
  }

  function draw(state) {
    if (ended) return; // the seat is closed: the last word stays on the screen
    lastState = state;
    // The game speaks to this seat in another language than the page's: the page follows.
    if (state.language && state.language !== wanted) {
      wanted = state.language;
      if (wanted !== words.language) loadWords(wanted);
    }
    document.body.dataset.turn = state.turn ? "true" : "false";
    $("prompt").textContent = state.prompt;
    drawButtons(state.buttons);
    lastHand = { hand: state.hand, turn: state.turn, drawn: state.drawn ? state.drawn.id : null };
    drawHand();
    const log = $("log");
    log.replaceChildren(...state.log.map((line) => {
      const item = document.createElement("li");
      item.textContent = line;
      return item;
    }));
    $("side").scrollTop = $("side").scrollHeight; // the latest move in sight
    drawWords(state);
    unoMoment(state.table);
    if (state.challenge) drawReveal(state.challenge);
    if (state.over) revealOpen = false; // the round's end replaces it for good
    overlay(state.over ? "over" : (revealOpen ? "reveal" : null));
    if (state.buzz && navigator.vibrate) navigator.vibrate([120, 60, 120]);
  }

  // One overlay at a time: the latest replaces whatever was shown.
  function overlay(shown) {
    for (const id of ["reveal", "over", "gone"]) $(id).hidden = id !== shown;
  }

  function drawOver(over) {
    $("over-title").textContent = over.title;
    $("over-rows").replaceChildren(...over.rows.map((row) => {
      const tr = document.createElement("tr");
      if (row.you) tr.className = "you";
      const cells = [
        row.you ? fill(t("{name} (you)"), { name: row.name }) : row.name,
        row.left === null ? "–" : String(row.left),
        row.won > 0 ? "+" + row.won : "0",
        String(row.total),
      ];
      tr.replaceChildren(...cells.map((text) => {
        const td = document.createElement("td");
        td.textContent = text;
        return td;
      }));
      return tr;
    }));
    $("over-note").textContent = over.match_over
      ? t("The match is over.") : t("The next round is dealt at the table.");
  }

  function drawWhose(challenge) {
    $("reveal-whose").textContent = challenge.hand
      ? fill(t("{name}'s hand, shown to you:"), { name: challenge.whose }) : "";
    if (challenge.hand) {
      $("reveal-hand").setAttribute("aria-label", fill(t("{name}'s hand"), { name: challenge.whose }));
    }
  }

  function drawReveal(challenge) {
    revealOpen = true;
    $("reveal-text").textContent = challenge.text;
    const hand = $("reveal-hand");
    if (challenge.hand) {
      hand.replaceChildren(...challenge.hand.map((c) => {
        const img = cardImage(c.face);
        img.alt = c.name;
        return img;
      }));
    } else {
      hand.removeAttribute("aria-label");
      hand.replaceChildren();
    }
  }

  // The hand's layout: the biggest cards that fit the hand's box, in rows that overlap when
  // they must, each card keeping at least EXPOSED px of its top-left corner uncovered (the
  // corner shows its number and is where a finger taps it). Returns null if nothing fits.
  function layout(n, width, height, exposed) {
    let best = null;
    for (let cols = 1; cols <= n; cols++) {
      const rows = Math.ceil(n / cols);
      let w = Math.min(MAX_CARD_WIDTH, width - (cols - 1) * exposed,
        (height - (rows - 1) * exposed) / CARD_RATIO);
      w = Math.floor(w);
      if (w < exposed) continue;
      const h = Math.floor(w * CARD_RATIO);
      const sx = cols > 1 ? Math.min(w + GAP, (width - w) / (cols - 1)) : 0;
      const sy = rows > 1 ? Math.min(h + GAP, (height - h) / (rows - 1)) : 0;
      // How much of a covered card still shows: bigger cards win, less covered ones on a tie.
      const seen = (cols > 1 ? Math.min(1, sx / w) : 1) * (rows > 1 ? Math.min(1, sy / h) : 1);
      const score = w * seen ** 0.75;
      if (!best || score > best.score) best = { score, cols, rows, w, h, sx, sy };
    }
    return best;
  }

  function drawHand() {
    if (!lastHand) return;
    const { hand, turn, drawn } = lastHand;
    const box = $("hand");
    const width = box.clientWidth;
    const height = box.clientHeight;
    const fit = layout(hand.length, width, height, EXPOSED)
      || layout(hand.length, width, height, MIN_TAP)
      || { cols: Math.max(1, Math.floor((width - 64) / MIN_TAP) + 1), w: 64, h: 90, sx: MIN_TAP, sy: MIN_TAP };
    // A hand too big for any layout scrolls inside its box (never seen with 108 cards a deck).
    box.style.overflowY = fit.score === undefined ? "auto" : "hidden";
    const used = fit.w + (Math.min(fit.cols, hand.length) - 1) * fit.sx;
    const left0 = Math.max(0, Math.floor((width - used) / 2));
    box.replaceChildren(...hand.map((c, i) => {
      const card = document.createElement("button");
      card.type = "button";
      card.className = "card";
      card.dataset.card = c.name;
      card.dataset.legal = c.legal ? "true" : "false";
      if (c.id === drawn) card.dataset.drawn = "true";
      card.setAttribute("aria-label", c.name);
      card.style.width = fit.w + "px";
      card.style.height = fit.h + "px";
      card.style.left = Math.round(left0 + (i % fit.cols) * fit.sx) + "px";
      card.style.top = Math.round(Math.floor(i / fit.cols) * fit.sy) + "px";
      // How much of the card's width stays uncovered: the playable mark sits at its edge.
      const last = i % fit.cols === fit.cols - 1 || i === hand.length - 1;
      card.style.setProperty("--seen", (last ? fit.w : Math.min(fit.w, fit.sx)) + "px");
      card.appendChild(cardImage(c.face));
      card.addEventListener("click", () => {
        if (c.legal && c.send) send(c.send);
        else toast(turn ? fill(t("{card} cannot be played now."), { card: c.name }) : t("Wait for your turn."));
      });
      return card;
    }));
  }

  // The moment this seat calls UNO, a big "UNO!" flashes over its page (the table shows the
  // burst and plays the sound). A state that only repeats the call (a reconnection, the words
  // coming) flashes nothing: only a call since the last state does.
  function unoMoment(table) {
    const me = table.players.find((p) => p.you);
    const said = Boolean(me && me.uno);
    if (said && unoSaid === false) flashUno();
    unoSaid = said;
  }

  function flashUno() {
    let box = $("uno-flash");
    if (!box) {
      box = document.createElement("div");
      box.id = "uno-flash";
      box.setAttribute("aria-hidden", "true"); // the move log says it in words
      document.body.appendChild(box);
    }
    box.textContent = t("UNO!");
    box.classList.remove("on");
    void box.offsetWidth; // restart the animation when calls come close together
    box.classList.add("on");
    clearTimeout(unoTimer);
    unoTimer = setTimeout(() => box.classList.remove("on"), UNO_FLASH_MS);
  }

  function drawTable(table) {
    const top = $("top-image");
    if (table.top) {
      top.src = "card/" + encodeURIComponent(table.top.face) + ".png";
      top.alt = table.top.name;
    }
    const dot = $("top-color");
    if (table.color) dot.dataset.color = table.color; else delete dot.dataset.color;
    $("players").replaceChildren(...table.players.map((p) => {
      const chip = document.createElement("span");
      chip.className = "player" + (p.turn ? " turn" : "") + (p.you ? " you" : "")
        + (p.away ? " away" : "");
      // A chip is short: a name and a count, then what marks the seat; each a whole pattern.
      // TRANSLATORS: a player's chip on the phone, short: a name and how many cards they hold.
      let text = fill(t("{name} {count}"), { name: p.you ? t("You") : p.name, count: p.cards });
      // TRANSLATORS: a chip ({player}: "Ana 1") of a player who called UNO.
      if (p.uno) text = fill(t("{player} UNO"), { player: text });
      // TRANSLATORS: a chip of a player who is out of the round (Play until one is left).
      if (p.out) text = fill(t("{player} out"), { player: text });
      // TRANSLATORS: a chip of a player whose phone is not connected.
      if (p.away) text = fill(t("{player} (away)"), { player: text });
      chip.textContent = text;
      // The chip in words (its tooltip, and what a screen reader adds): "Ana: 5 cards".
      const cards = tn("{name}: {count} card", "{name}: {count} cards", p.cards);
      chip.title = fill(cards, { name: p.you ? t("You") : p.name, count: p.cards });
      return chip;
    }));
  }

  function drawButtons(buttons) {
    $("buttons").replaceChildren(...buttons.map((b) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.action = b.action;
      button.textContent = b.label;
      if (b.big) button.className = "big";
      button.addEventListener("click", () => send(b.send));
      return button;
    }));
  }

  $("reveal-ok").addEventListener("click", () => {
    revealOpen = false;
    if (!$("reveal").hidden) overlay(null);
  });
  // The hand's box changes with the screen's size and turning, and with the buttons above it.
  if (window.ResizeObserver) new ResizeObserver(() => drawHand()).observe($("hand"));
  else window.addEventListener("resize", drawHand);

  document.addEventListener("visibilitychange", () => {
    if (ready && document.visibilityState === "visible") { retry = 0; connect(); }
  });
  // The words first (one small file from this server), then the game.
  loadWords("").then(() => { ready = true; connect(); });
})();
