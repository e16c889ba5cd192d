// Scrollback live page: follows the server's event stream and swaps the elements it names.
// The server renders all markup; this script only puts it in place, keeps the reader's scroll
// position, shows the typing bubbles and says when the connection is lost.
(function () {
  "use strict";
  var script = document.currentScript;
  var log = document.querySelector(".sb-log");
  var scroller = document.querySelector(".sb-scroller");
  if (!script || !window.EventSource) return;
  if (!log || !scroller) {
    // A page without a message log (the site's index): only its frame and title change. The
    // log's helpers below then work on elements that are never shown.
    var wrapper = document.createElement("div");
    scroller = wrapper.appendChild(document.createElement("div"));
    log = scroller.appendChild(document.createElement("div"));
  }
  var eventsURL = script.getAttribute("data-sb-events");
  var workerURL = script.getAttribute("data-sb-worker");
  var lastID = script.getAttribute("data-sb-since");
  var reversed = getComputedStyle(scroller).flexDirection === "column-reverse";

  var typing = document.createElement("div");
  typing.className = "sb-live-typing";
  typing.setAttribute("aria-live", "polite");
  typing.innerHTML = script.getAttribute("data-sb-typing") || "";
  scroller.insertBefore(typing, reversed ? log : log.nextSibling);

  var notice = document.createElement("p");
  notice.className = "sb-live-notice";
  notice.setAttribute("role", "status");
  notice.hidden = true;
  notice.textContent = "Disconnected \u2014 reconnecting\u2026";
  scroller.parentNode.insertBefore(notice, scroller);

  var button = document.createElement("button");
  button.type = "button";
  button.className = "sb-live-new";
  button.hidden = true;
  scroller.parentNode.insertBefore(button, scroller.nextSibling);
  var unseen = 0;

  function atBottom() {
    var distance = reversed ? -scroller.scrollTop : scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop;
    return distance < 8;
  }
  function scrollTo(top) { scroller.scrollTo({ top: top, behavior: "instant" }); }
  function toBottom() {
    scrollTo(reversed ? 0 : scroller.scrollHeight);
    unseen = 0;
    button.hidden = true;
  }
  function showUnseen() {
    button.hidden = unseen === 0;
    button.textContent = unseen === 1 ? "1 new message" : unseen + " new messages";
  }
  button.addEventListener("click", toBottom);
  scroller.addEventListener("scroll", function () {
    if (unseen && atBottom()) { unseen = 0; showUnseen(); }
  });

  // The first message element at the top of the view, to keep it where it is.
  function anchor() {
    var top = scroller.getBoundingClientRect().top;
    var messages = log.querySelectorAll("[id^='msg-']");
    for (var i = 0; i < messages.length; i++) {
      var rect = messages[i].getBoundingClientRect();
      if (rect.bottom > top) return { id: messages[i].id, top: rect.top };
    }
    return null;
  }

  function element(path) {
    var node = log;
    for (var i = 0; i < path.length && node; i++) node = node.children[path[i]];
    return node;
  }

  function messageIDs(html) {
    var template = document.createElement("template");
    template.innerHTML = html;
    var found = template.content.querySelectorAll("[id^='msg-']");
    var ids = [];
    for (var i = 0; i < found.length; i++) ids.push(found[i].id);
    return ids;
  }
  function countMessages(html) { return messageIDs(html).length; }

  // Updates that arrive together are put in place in one go, before the next frame: one layout
  // for all of them, and the reader's place measured once.
  var queue = [];
  function receive(update) {
    queue.push(update);
    if (queue.length === 1) requestAnimationFrame(flush);
  }

  function flush() {
    var updates = queue;
    queue = [];
    var pinned = atBottom();
    var kept = pinned ? null : anchor();
    var added = 0;
    for (var u = 0; u < updates.length; u++) {
      var result = apply(updates[u]);
      if (result < 0) { reload(); return; }
      added += result;
    }
    if (pinned) {
      // A bottom-anchored scroller keeps the newest in view by itself; asking would force a layout.
      if (reversed) { unseen = 0; button.hidden = true; } else { toBottom(); }
    } else {
      if (kept) {
        var same = document.getElementById(kept.id);
        if (same) scrollTo(scroller.scrollTop + same.getBoundingClientRect().top - kept.top);
      }
      unseen += added;
      showUnseen();
    }
  }

  // Puts one update in place; returns how many messages it added, or -1 when the page no longer
  // matches the server's (then it is loaded again).
  function apply(update) {
    var added = 0;
    var ops = update.ops || [];
    for (var i = 0; i < ops.length; i++) {
      var op = ops[i];
      if (op.op === "reset") {
        // Messages the page did not show yet count as new (a reset after the server restarted).
        var ids = messageIDs(op.html);
        for (var k = 0; k < ids.length; k++) if (!document.getElementById(ids[k])) added++;
        log.innerHTML = op.html;
      } else if (op.op === "append") {
        var parent = element(op.path);
        if (!parent) return -1;
        parent.insertAdjacentHTML("beforeend", op.html);
        added += countMessages(op.html);
      } else if (op.op === "replace") {
        var target = element(op.path);
        if (!target) return -1;
        target.outerHTML = op.html;
      }
    }
    if (typeof update.header === "string") {
      var header = document.querySelector(".sb-header");
      if (header && update.header) header.outerHTML = update.header;
    }
    if (typeof update.frame === "string" && update.frame) {
      var frame = document.body.firstElementChild;
      if (frame) frame.outerHTML = update.frame;
    }
    if (typeof update.title === "string") {
      // The title arrives as the page escapes it; parsing it as a document's title runs nothing.
      document.title = new DOMParser().parseFromString("<title>" + update.title + "</title>", "text/html").title;
    }
    if (typeof update.typing === "string") typing.innerHTML = update.typing;
    return added;
  }

  function reload() { window.location.reload(); }

  // Events with ids this page has already seen (it was served after them) are passed over.
  function seen(id) {
    var a = id ? id.lastIndexOf("-") : -1, b = lastID ? lastID.lastIndexOf("-") : -1;
    if (a < 0 || b < 0 || id.slice(0, a) !== lastID.slice(0, b)) return false;
    return Number(id.slice(a + 1)) <= Number(lastID.slice(b + 1));
  }
  function online(yes) {
    notice.hidden = yes;
    document.documentElement.classList.toggle("sb-offline", !yes);
  }

  // One stream for every page of this server the browser has open, through a shared worker; a
  // browser without one (or that refuses it) connects this page on its own.
  function share() {
    if (!workerURL || !window.SharedWorker) return false;
    var worker;
    try { worker = new SharedWorker(workerURL, { name: "scrollback-live" }); } catch (error) { return false; }
    var query = eventsURL.slice(eventsURL.indexOf("?") + 1);
    var page = decodeURIComponent(query.replace(/^page=/, ""));
    var base = eventsURL.slice(0, eventsURL.indexOf("?"));
    var fellBack = false;
    worker.onerror = function () { if (!fellBack) { fellBack = true; connect(); } };
    worker.port.onmessage = function (message) {
      var news = message.data || {};
      if (news.type === "online") online(true);
      else if (news.type === "offline") online(false);
      else if (news.type === "event") {
        if (seen(news.id)) return;
        if (news.id) lastID = news.id;
        receive(JSON.parse(news.data));
      }
    };
    worker.port.start();
    worker.port.postMessage({ type: "follow", page: page, since: lastID, events: base });
    window.addEventListener("pagehide", function () { worker.port.postMessage({ type: "leave", page: page }); });
    return true;
  }

  var source = null;
  function connect() {
    source = new EventSource(eventsURL + (lastID ? "&since=" + encodeURIComponent(lastID) : ""));
    source.onopen = function () { notice.hidden = true; document.documentElement.classList.remove("sb-offline"); };
    source.onmessage = function (event) {
      if (event.lastEventId) lastID = event.lastEventId;
      receive(JSON.parse(event.data));
    };
    source.onerror = function () {
      notice.hidden = false;
      document.documentElement.classList.add("sb-offline");
      if (source.readyState === EventSource.CLOSED) {
        source = null;
        setTimeout(connect, 1000);
      }
    };
  }
  if (!share()) connect();
})();
