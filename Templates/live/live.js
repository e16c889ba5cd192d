// Scrollback live page: follows the server's event stream and swaps the elements it names.
// The server renders all markup; this script only puts it in place, keeps the reader's scroll
// position, shows the typing bubbles and says when the connection is lost.
(function () {
  "use strict";
  var script = document.currentScript;
  var log = document.querySelector(".sb-log");
  var scroller = document.querySelector(".sb-scroller");
  if (!script || !log || !scroller || !window.EventSource) return;
  var eventsURL = script.getAttribute("data-sb-events");
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

  function countMessages(html) {
    var template = document.createElement("template");
    template.innerHTML = html;
    var content = template.content;
    return content.querySelectorAll("[id^='msg-']").length;
  }

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
    if (typeof update.typing === "string") typing.innerHTML = update.typing;
    return added;
  }

  function reload() { window.location.reload(); }

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
  connect();
})();
