// The phone page of one seat: draws the seat documents the table pushes (PROTOCOL.md), sends the
// choices tapped, and reconnects by itself after a drop, saying the last message it saw.
"use strict";
(function () {
  const main = document.getElementById("seat");
  const bar = document.getElementById("bar");
  const pageWords = JSON.parse(main.dataset.words || "{}");
  const token = decodeURIComponent(location.pathname.split("/").pop() || "");
  let lobby = "", socket = null, since = 0, run = null, doc = null, news = [], pending = null, over = null, delay = 500, notice = "";
  let read = null, explaining = null;  // the prompt versions whose explanation was read, and is open again
  let summary = null;  // a choice's summary open now ({version, entry}: the tile tapped), as the seat's own level

  // A number stays on the line of the word before it and the word after it ("leg 1", "3 carriages"):
  // the spaces beside a number become no-break spaces, so a line never ends in "leg" over a lone "1".
  function keep(text) {
    return String(text).replace(/(\S) (?=\d)/g, "$1\u00a0").replace(/(\d) (?=\S)/g, "$1\u00a0");
  }

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text) node.textContent = keep(text);
    return node;
  }

  // A category, place or kind as its icon: the page's own SVG symbols (phone.html), crisp at any size.
  function glyph(key) {
    if (!key || !document.getElementById("icon-" + key)) return null;
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("class", "glyph");
    svg.setAttribute("aria-hidden", "true");
    const use = document.createElementNS(ns, "use");
    use.setAttribute("href", "#icon-" + key);
    svg.appendChild(use);
    return svg;
  }

  // Who asked this of the seat, and for what ("Doctor Strauss asks for a Motive"), under the prompt's title.
  function asked(prompt, into) {
    if (prompt.asking) into.appendChild(el("p", "asking", prompt.asking));
  }

  function label(item, into) {
    const g = item.mark ? glyph(item.mark) : null;
    if (g) { into.appendChild(g); into.appendChild(document.createTextNode(" ")); }
    into.appendChild(document.createTextNode(keep(item.label)));
    if (item.detail) into.appendChild(el("span", "detail", item.detail));
  }

  // A screen's items; consecutive pages of reading under one title become one text, whole (the
  // title, where the pages open with it, as its heading).
  function items(list, into, alert) {
    let reading = null, title = null, text = "";
    function done() {
      if (reading === null) return;
      if (text.startsWith(title + " ")) {
        reading.appendChild(el("strong", "", title));
        reading.appendChild(el("div", "", text.slice(title.length + 1)));
      } else {
        reading.textContent = keep(text);
      }
      reading = null;
    }
    list.forEach(function (item) {
      if (item.lines && item.lines.length) {
        if (reading === null || title !== item.label) {
          done();
          reading = el("div", "card reading" + (alert ? " alert" : ""));
          into.appendChild(reading);
          title = item.label;
          text = item.lines.join(" ");
        } else {
          text += " " + item.lines.join(" ");
        }
        return;
      }
      done();
      const card = el("div", "card" + (alert ? " alert" : ""));
      label(item, card);
      into.appendChild(card);
    });
    done();
  }

  function screen(s, into, heading) {
    const box = el("section");
    box.appendChild(el(heading || "h2", "", s.title));
    items(s.items, box, s.inverted);
    if (s.counts.length) {
      const row = el("div", "counts");
      s.counts.forEach(function (c) {
        const one = el("span");
        const g = glyph(c[0]);
        if (g) one.appendChild(g);
        one.appendChild(document.createTextNode(" " + c[1]));
        row.appendChild(one);
      });
      box.appendChild(row);
    }
    if (s.clocks.length) {
      const row = el("div", "clocks card" + (s.inverted ? " alert" : ""));
      row.textContent = s.clocks.map(function (c) { return c[0] + ":" + String(c[1]).padStart(2, "0"); }).join("   ");
      box.appendChild(row);
    }
    // What "Your move" asks, said large: on the OLED it is the bottom lines of the seat's own page.
    if (s.notice) box.appendChild(el("div", "card alert", s.notice));
    // A footer that names the seat's buttons (◀ ▶ ●) means nothing on a phone: its buttons are on the page.
    if (s.footer && !/[◀▶●]/.test(s.footer)) box.appendChild(el("p", "detail", s.footer));
    into.appendChild(box);
  }

  const GRID = 4;  // this many choices in a row, or more, are tiles in a grid (two a line)

  // `shared`: what every tile of its grid says alike (its mark, its detail), said once above them.
  function choiceButton(entry, version, cls, shared) {
    const b = el("button", cls);
    const item = Object.assign({}, entry.item);
    if (shared && item.detail === shared.detail) item.detail = "";
    if (shared && item.mark === shared.mark) item.mark = null;
    label(item, b);
    b.disabled = pending !== null;
    if (entry.confirms) {  // one choice behind its summary: the tap opens the summary, which sends it
      b.dataset.confirms = "true";
      b.addEventListener("click", function () { summary = {version: version, entry: entry}; window.scrollTo(0, 0); draw(); });
      return b;
    }
    b.dataset.choice = entry.choice;
    b.addEventListener("click", function () { choose(version, entry.choice); });
    return b;
  }

  // A choice that cannot be taken back (an accusation, a P.I. investigator), as the seat shows it before
  // sending: its title, what it sends a line each, then Send and Back (which sends nothing).
  function summarised(open, into) {
    const page = open.entry.below.find(function (e) { return e.choice !== undefined; });
    into.appendChild(el("h2", "", open.entry.title || open.entry.item.label));
    const card = el("div", "card reading summary");
    (page.item.lines.length ? page.item.lines : [page.item.label]).forEach(function (line) {
      card.appendChild(el("div", "", line));
    });
    into.appendChild(card);
    const send = el("button", "choice send", doc.words.send);
    send.disabled = pending !== null;
    send.dataset.choice = page.choice;
    send.addEventListener("click", function () { summary = null; choose(open.version, page.choice); });
    into.appendChild(send);
    const back = el("button", "choice", doc.words.back);
    back.addEventListener("click", function () { summary = null; draw(); });
    into.appendChild(back);
  }

  // A run of choices: a compact grid of tiles when there are many (a detail they all share is said
  // once, above them), else one full-width button each; tiles with a mark and choices without one
  // ("Back" after the cards of a category) are laid out apart.
  function choices(run, into, version) {
    const marked = run.filter(function (entry) { return entry.item.mark; }).length;
    if (marked && marked < run.length) {  // tiles (cards, places) and actions (Back): each kind apart, in order
      let from = 0;
      for (let i = 1; i <= run.length; i++) {
        if (i === run.length || !run[i].item.mark !== !run[from].item.mark) {
          choices(run.slice(from, i), into, version);
          from = i;
        }
      }
      return;
    }
    if (run.length < GRID) {
      run.forEach(function (entry) { into.appendChild(choiceButton(entry, version, "choice")); });
      return;
    }
    function alike(key) {
      const first = run[0].item[key];
      return first && run.every(function (entry) { return entry.item[key] === first; }) ? first : null;
    }
    const shared = {detail: alike("detail"), mark: alike("mark")};
    if (shared.detail) into.appendChild(el("p", "detail", shared.detail));
    const grid = el("div", "tiles");
    run.forEach(function (entry) { grid.appendChild(choiceButton(entry, version, "tile", shared)); });
    into.appendChild(grid);
  }

  function size(entry) { return entry.below ? entry.below.length : 1; }

  // One level of the prompt's menu, in its order but for the large groups, which go last: what one
  // does in one tap (Solve the case, End my turn) stays at the top, above the long lists of tiles.
  function entries(list, into, version) {
    const ordered = list.filter(function (e) { return !e.below || size(e) < GRID; })
      .concat(list.filter(function (e) { return e.below && size(e) >= GRID; }));
    let reading = [], run = [];  // pages to read before choosing (a card's text): drawn together, whole
    function flush() {
      if (reading.length) items(reading, into, false);
      if (run.length) choices(run, into, version);
      reading = []; run = [];
    }
    ordered.forEach(function (entry) {
      if (entry.below && !entry.confirms) {
        flush();
        const box = el("section", "group");
        const head = el("h2");
        label({label: entry.title || entry.item.label, mark: entry.item.mark, detail: entry.item.detail}, head);
        box.appendChild(head);
        entries(entry.below, box, version);
        into.appendChild(box);
      } else if (entry.choice !== undefined || entry.confirms) {
        if (reading.length) flush();
        run.push(entry);
      } else {
        if (run.length) flush();
        if (entry.title && entry.item.lines && entry.item.lines.length) {
          // a page of reading under its own title, one card (P.I.: "Case of Seat 2: Pinky, Blackmail, Rick's Café")
          flush();
          const card = el("div", "card reading");
          card.appendChild(el("strong", "reading-title", entry.title + ": "));
          card.appendChild(document.createTextNode(keep(entry.item.lines.join(", "))));
          into.appendChild(card);
          return;
        }
        reading.push(entry.item);
      }
    });
    flush();
  }

  // Learn as you play: what this kind of decision is, what the choices do, one tip; then on to the
  // choices. Shown first the first time the kind comes up at the seat, after that behind "?".
  function explained(ex, into, version) {
    const card = el("div", "card");
    card.appendChild(el("strong", "", ex.title));
    ex.parts.forEach(function (part) { card.appendChild(el("p", "", part)); });
    into.appendChild(card);
    const go = el("button", "", ex.go);
    go.addEventListener("click", function () { read = version; explaining = null; draw(); });
    into.appendChild(go);
  }

  function turn() {
    const t = doc && doc.turn;
    if (!t) return;
    main.appendChild(el("div", "turn" + (t.yours ? " yours" : ""), t.text));
  }

  function draw() {
    main.textContent = "";
    if (over !== null) {  // nothing of the seat stays on a dead link's page
      main.appendChild(el("div", "card alert", over));
      return;
    }
    if (!doc) { main.appendChild(el("h1", "", lobby || pageWords.connecting)); return; }
    const w = doc.words;
    turn();
    if (notice) main.appendChild(el("div", "card alert", notice));
    doc.reveals.forEach(function (s) { screen(s, main, "h1"); });
    if (doc.prompt) {
      const box = el("section", "prompt");
      box.appendChild(el("h1", "", doc.prompt.title));
      asked(doc.prompt, box);
      const ex = doc.explain;
      if (summary !== null && summary.version !== doc.prompt.version) summary = null;  // the choices changed
      if (ex && (explaining === doc.prompt.version || (ex.first && read !== doc.prompt.version))) {
        explained(ex, box, doc.prompt.version);
      } else if (summary !== null) {
        summarised(summary, box);
      } else {
        entries(doc.prompt.entries, box, doc.prompt.version);
        if (ex) {
          const again = el("button", "quiet", "? " + ex.again);
          again.addEventListener("click", function () { explaining = doc.prompt.version; draw(); });
          box.appendChild(again);
        }
      }
      if (doc.prompt.footer && !/[◀▶●]/.test(doc.prompt.footer)) box.appendChild(el("p", "detail", doc.prompt.footer));
      main.appendChild(box);
    }
    screen(doc.status, main, doc.prompt ? "h2" : "h1");
    doc.pages.forEach(function (p) { screen(p.screen, main); });
    if (news.length) {
      main.appendChild(el("h2", "", w.news));
      news.forEach(function (s) { const box = el("div"); screen(s, box, "h3"); main.appendChild(box); });
    }
    const leave = el("button", "quiet", w.leave);
    leave.addEventListener("click", function () { if (confirm(w.leave_sure)) send({type: "leave", id: ident()}); });
    main.appendChild(leave);
  }

  function ident() {
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, function (b) { return b.toString(16).padStart(2, "0"); }).join("");
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function choose(version, choice) {
    if (pending) return;
    pending = {type: "choose", id: ident(), version: version, choice: choice};
    notice = "";
    send(pending);
    draw();
  }

  function receive(message) {
    if (typeof message.seq === "number") since = Math.max(since, message.seq);
    if (message.type === "run") {  // the kiosk restarted (a power cut): its numbers start again
      if (message.run !== run) since = 0;
      run = message.run;
      return;
    }
    if (message.type === "seat") {
      // A new decision opens at the top of the page: after a long one (a list of places, some refused
      // and said why), a short one was drawn scrolled down, its first choice under the sticky turn line.
      const asked = function (d) { return d && d.prompt ? d.prompt.version : null; };
      if (asked(message) !== null && asked(message) !== asked(doc)) window.scrollTo(0, 0);
      doc = message;
      document.documentElement.lang = doc.lang || document.documentElement.lang;
    } else if (message.type === "lobby") {
      doc = null;
      lobby = message.text;
    } else if (message.type === "news") {
      news.unshift(message.screen);
      news = news.slice(0, 30);
    } else if (message.type === "ack") {
      if (pending && pending.id === message.id) pending = null;
      notice = message.ok ? "" : (message.text || "");
    } else if (message.type === "expired") {
      over = message.text;
      doc = null;
      news = [];
    }
    draw();
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + "/ws");
    socket.onopen = function () {
      delay = 500;
      bar.classList.remove("shown");
      socket.send(JSON.stringify({type: "hello", token: token, since: since, run: run}));
      if (pending) socket.send(JSON.stringify(pending));  // sent again: the table counts it once
    };
    socket.onmessage = function (e) { receive(JSON.parse(e.data)); };
    socket.onclose = function () {
      if (over !== null) return;
      bar.textContent = pageWords.offline;
      bar.classList.add("shown");
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 5000);
    };
  }

  draw();
  connect();
})();
