// Scrollback's offline search. Index shards call Scrollback.add(...) as they load; searching
// decodes them once and scans every message's words. Results are built with DOM calls and
// textContent only: nothing from the index becomes markup.
"use strict";
var Scrollback = (function () {
  var shards = [];
  var dictionaries = {};  // conversation → its words, in number order
  var documents = null;
  // The 91 printable ASCII characters but " \ and |: 60 final digits, then 31 continuation digits.
  var DIGITS = "";
  for (var code = 0x21; code <= 0x7e; code++) {
    var character = String.fromCharCode(code);
    if (character !== '"' && character !== "\\" && character !== "|") DIGITS += character;
  }
  var VALUE = {};
  for (var d = 0; d < DIGITS.length; d++) VALUE[DIGITS.charAt(d)] = d;

  function fold(text) {
    return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  }

  // The same words the index was made of: letters, digits, marks; CJK characters one by one.
  function words(text) {
    var result = [];
    var pattern = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]|[\p{L}\p{N}\p{M}]+/gu;
    var match;
    while ((match = pattern.exec(text)) !== null) result.push(match[0]);
    return result;
  }

  // Continuation digits (31 of them, bijective) carry a number's higher part; a final digit ends it.
  function decode(codes) {
    var numbers = [];
    var high = 0;
    for (var i = 0; i < codes.length; i++) {
      var value = VALUE[codes.charAt(i)];
      if (value >= 60) {
        high = high * 31 + (value - 60) + 1;
      } else {
        numbers.push(high * 60 + value);
        high = 0;
      }
    }
    return numbers;
  }

  function following(id) {
    var match = /^(.*?)(\d+)$/.exec(id);
    return match ? match[1] + String(Number(match[2]) + 1) : id;
  }

  function prepare() {
    if (documents) return;
    documents = [];
    shards.forEach(function (shard) {
      var dictionary = dictionaries[shard.c] || { text: "" };
      if (!dictionary.words) {
        dictionary.words = dictionary.text ? dictionary.text.split(" ") : [];
        dictionary.keys = dictionary.words.map(fold);
      }
      shard.vocabulary = dictionary.words;
      shard.keys = dictionary.keys;
      shard.senderKeys = shard.s.map(function (name) { return words(fold(name)); });
      var id = "";
      var sender = -1;
      shard.d.forEach(function (day) {
        day[1].split("|").forEach(function (entry) {
          var parts = entry.split(" ");
          id = parts[0] || following(id);  // an empty id continues the previous one: m12 after m11
          if (parts[1]) sender = parts[1] === "-" ? -1 : Number(parts[1]);  // empty: the same sender
          documents.push({ shard: shard, date: day[0], id: id, sender: sender, words: decode(parts[2] || "") });
        });
      });
    });
  }

  function parse(query) {
    var parsed = { terms: [], dates: [], from: [] };
    query.trim().split(/\s+/).forEach(function (piece) {
      if (!piece) return;
      var lower = fold(piece);
      var date = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/.exec(lower);
      if (lower.indexOf("from:") === 0 && lower.length > 5) {
        parsed.from = parsed.from.concat(words(lower.slice(5)));
      } else if (date && Number(date[1]) > 1900) {
        var text = date[1];
        if (date[2]) text += "-" + ("0" + date[2]).slice(-2);
        if (date[3]) text += "-" + ("0" + date[3]).slice(-2);
        parsed.dates.push(text);
      } else {
        parsed.terms = parsed.terms.concat(words(lower));
      }
    });
    return parsed;
  }

  function senderMatches(shard, sender, prefixes) {
    if (sender < 0) return false;
    var keys = shard.senderKeys[sender];
    return prefixes.every(function (prefix) {
      return keys.some(function (key) { return key.indexOf(prefix) === 0; });
    });
  }

  function search(query) {
    prepare();
    var parsed = parse(query);
    if (!parsed.terms.length && !parsed.dates.length && !parsed.from.length) return [];
    var cache = new Map();
    function matching(shard, term) {
      var key = shard.c + "\u0000" + term;  // numbers are per conversation
      if (!cache.has(key)) {
        var ids = new Set();
        shard.keys.forEach(function (word, index) { if (word.indexOf(term) === 0) ids.add(index); });
        cache.set(key, ids);
      }
      return cache.get(key);
    }
    var results = [];
    documents.forEach(function (doc) {
      if (parsed.dates.length && !parsed.dates.some(function (d) { return doc.date.indexOf(d) === 0; })) return;
      if (parsed.from.length && !senderMatches(doc.shard, doc.sender, parsed.from)) return;
      var hits = new Set();
      for (var t = 0; t < parsed.terms.length; t++) {
        var ids = matching(doc.shard, parsed.terms[t]);
        var found = false;
        for (var w = 0; w < doc.words.length; w++) {
          if (ids.has(doc.words[w])) { hits.add(w); found = true; }
        }
        if (!found && !senderMatches(doc.shard, doc.sender, [parsed.terms[t]])) return;
      }
      results.push({ doc: doc, hits: hits });
    });
    results.reverse();  // shards and days are oldest first; show the newest first
    results.sort(function (a, b) { return a.doc.date < b.doc.date ? 1 : a.doc.date > b.doc.date ? -1 : 0; });
    return results;
  }

  function render(results, list, status, query) {
    while (list.firstChild) list.removeChild(list.firstChild);
    if (!query.trim()) { status.textContent = "Type to search " + documentsCount() + " messages."; return; }
    status.textContent = results.length === 1 ? "1 result" :
      results.length + " results" + (results.length > 200 ? " (showing the newest 200)" : "");
    results.slice(0, 200).forEach(function (result) {
      var doc = result.doc;
      var shard = doc.shard;
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = shard.c + "/" + shard.p + "#msg-" + doc.id;
      link.className = "sb-result";
      var head = document.createElement("span");
      head.className = "sb-result-head";
      head.textContent = shard.t + " · " + (doc.sender >= 0 ? shard.s[doc.sender] : "System") + " · " + doc.date;
      link.appendChild(head);
      var context = document.createElement("span");
      context.className = "sb-result-text";
      var first = -1;
      result.hits.forEach(function (index) { if (first < 0 || index < first) first = index; });
      var start = Math.max(0, first - 8);
      var end = Math.min(doc.words.length, Math.max(first, 0) + 16);
      if (start > 0) context.appendChild(document.createTextNode("… "));
      for (var i = start; i < end; i++) {
        var word = shard.vocabulary[doc.words[i]];
        if (result.hits.has(i)) {
          var mark = document.createElement("mark");
          mark.textContent = word;
          context.appendChild(mark);
        } else {
          context.appendChild(document.createTextNode(word));
        }
        context.appendChild(document.createTextNode(" "));
      }
      if (end < doc.words.length) context.appendChild(document.createTextNode("…"));
      link.appendChild(context);
      item.appendChild(link);
      list.appendChild(item);
    });
  }

  function documentsCount() {
    prepare();
    return documents.length.toLocaleString("en");
  }

  function start() {
    var input = document.getElementById("sb-search-input");
    var form = document.getElementById("sb-search-form");
    var list = document.getElementById("sb-search-results");
    var status = document.getElementById("sb-search-status");
    if (!input || !list || !status) return;
    var timer = null;
    function run() {
      render(search(input.value), list, status, input.value);
      var hash = input.value ? "#q=" + encodeURIComponent(input.value) : "";
      try {  // some browsers refuse history changes on file:// pages; the search still works
        if (location.hash !== hash) history.replaceState(null, "", hash || location.pathname);
      } catch (error) {}
    }
    form.addEventListener("submit", function (event) { event.preventDefault(); run(); });
    input.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(run, 120); });
    var initial = /^#q=(.*)$/.exec(location.hash);
    if (initial) input.value = decodeURIComponent(initial[1]);
    document.documentElement.classList.add("sb-search-ready");
    run();
  }

  document.addEventListener("DOMContentLoaded", start);
  return {
    add: function (shard) { shards.push(shard); },
    words: function (conversation, text) { dictionaries[conversation] = { text: text }; },
    search: search
  };
})();
