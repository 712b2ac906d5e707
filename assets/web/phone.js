// One More Card: the phone's page. It keeps no game of its own: every "state" message from the
// game is drawn whole (docs/PHONES.md), and a tap sends back exactly the move the game offered.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  let socket = null;
  let retry = 0; // reconnection attempts since the last good connection
  let ended = false; // replaced or closed: never reconnect
  let toastTimer = 0;

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
      $("prompt").textContent = "Connection lost, reconnecting…";
      document.body.dataset.turn = "false";
      retry += 1;
      setTimeout(connect, Math.min(5000, 300 * 2 ** Math.min(retry, 4)));
    };
  }

  function send(action) {
    if (!socket || socket.readyState !== 1) {
      toast("Not connected: reconnecting…");
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
        $("gone-text").textContent = message.text;
        $("gone").hidden = false;
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
    document.body.dataset.turn = state.turn ? "true" : "false";
    $("prompt").textContent = state.prompt;
    drawTable(state.table);
    drawButtons(state.buttons);
    drawHand(state.hand, state.turn);
    const log = $("log");
    log.replaceChildren(...state.log.slice(-4).map((line) => {
      const item = document.createElement("li");
      item.textContent = line;
      return item;
    }));
    $("rules").textContent = state.table.house_rules.length
      ? "House Rules: " + state.table.house_rules.join(" · ") : "";
    const over = $("over");
    if (state.over) {
      $("over-title").textContent = state.over.title;
      $("over-lines").replaceChildren(...state.over.lines.map((line) => {
        const item = document.createElement("li");
        item.textContent = line;
        return item;
      }));
    }
    over.hidden = !state.over;
    if (state.buzz && navigator.vibrate) navigator.vibrate([120, 60, 120]);
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
      let text = (p.you ? "You" : p.name) + " " + p.cards;
      if (p.uno) text += " UNO";
      if (p.out) text += " out";
      if (p.away) text += " (away)";
      chip.textContent = text;
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

  function drawHand(hand, turn) {
    $("hand").replaceChildren(...hand.map((c) => {
      const card = document.createElement("button");
      card.type = "button";
      card.className = "card";
      card.dataset.card = c.name;
      card.dataset.legal = c.legal ? "true" : "false";
      card.setAttribute("aria-label", c.name);
      card.appendChild(cardImage(c.face));
      card.addEventListener("click", () => {
        if (c.legal && c.send) send(c.send);
        else toast(turn ? c.name + " cannot be played now." : "Wait for your turn.");
      });
      return card;
    }));
  }

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") { retry = 0; connect(); }
  });
  connect();
})();
