// Scrollback's offline search. Index shards call Scrollback.add(...) as they load; searching
// decodes them once and scans every message's words. Results are built with DOM calls and
// textContent only: nothing from the index becomes markup.
"use strict";
var Scrollback = (function () {
  var shards = [];
  var dictionaries = {};  // conversation → its title, senders and words, in number order
  var documents = null;
  // The printable ASCII characters but " \ and the stream's four marks: 64 final digits, then 25
  // continuation digits (bijective, most significant first). See SearchCode.swift.
  var MARKS = "| !'";
  var FINAL = 64;
  var DIGITS = "";
  for (var code = 0x20; code <= 0x7e; code++) {
    var character = String.fromCharCode(code);
    if (character !== '"' && character !== "\\" && MARKS.indexOf(character) < 0) DIGITS += character;
  }
  var VALUE = {};
  for (var d = 0; d < DIGITS.length; d++) VALUE[DIGITS.charAt(d)] = d;
  var BASE = DIGITS.length - FINAL;
  // The dictionary's separators: each says how many UTF-16 units a word shares with the previous one.
  var SEPARATORS = " !#$%&'()*+,-./:;=>?@[]^_`{|}~";
  var ORDERED = 32;  // a message's first 32 words keep their order (SearchShard.orderedWords)

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

  function frontDecoded(text) {
    var list = [];
    var previous = "";
    var i = 0;
    while (i < text.length) {
      var shared = SEPARATORS.indexOf(text.charAt(i));
      var end = i + 1;
      while (end < text.length && SEPARATORS.indexOf(text.charAt(end)) < 0) end++;
      previous = previous.slice(0, shared) + text.slice(i + 1, end);
      list.push(previous);
      i = end;
    }
    return list;
  }

  function following(id) {
    var match = /^(.*?)(\d+)$/.exec(id);
    return match ? match[1] + String(Number(match[2]) + 1) : id;
  }

  function addDays(date, days) {
    var parts = /^(-?\d+)-(\d\d)-(\d\d)$/.exec(date);
    if (!parts) return date;
    var time = new Date(0);
    time.setUTCFullYear(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]) + days);
    var year = time.getUTCFullYear();
    return (year >= 0 && year < 1000 ? ("000" + year).slice(-4) : String(year)) + "-" +
      ("0" + (time.getUTCMonth() + 1)).slice(-2) + "-" + ("0" + time.getUTCDate()).slice(-2);
  }

  // A shard's stream: [! [step]] [' ID] (| or space SENDER) WORDS …, see SearchShard.swift.
  function decodeShard(shard) {
    var text = shard.m;
    var i = 0;
    function number() {
      var high = 0;
      while (i < text.length) {
        var value = VALUE[text.charAt(i++)];
        if (value < FINAL) return high * FINAL + value;
        high = high * BASE + (value - FINAL) + 1;
      }
      return high;
    }
    var date = shard.d;
    var id = "";
    var literal = null;
    var sender = -1;
    while (i < text.length) {
      var mark = text.charAt(i++);
      if (mark === "!") {
        var step = 1;
        if (i < text.length && VALUE[text.charAt(i)] !== undefined) {
          var zigzag = number();
          step = zigzag % 2 ? -(zigzag + 1) / 2 : zigzag / 2;
        }
        date = addDays(date, step);
      } else if (mark === "'") {
        var start = i;
        while (i < text.length && text.charAt(i) !== "|" && text.charAt(i) !== " ") i++;
        literal = text.slice(start, i);
      } else {
        if (mark === " ") sender = number() - 1;  // 0: a system message
        id = literal !== null ? literal : following(id);  // m12 after m11 is left out
        literal = null;
        var list = [];
        var previous = -1;
        while (i < text.length && VALUE[text.charAt(i)] !== undefined) {
          var value = number();
          if (list.length < ORDERED) {
            list.push(value);
          } else {  // the rest: distinct, increasing, each as its gap from the one before
            previous += value + 1;
            list.push(previous);
          }
        }
        documents.push({
          shard: shard, date: date, id: id, sender: sender, words: list, ordered: Math.min(list.length, ORDERED)
        });
      }
    }
  }

  function prepare() {
    if (documents) return;
    documents = [];
    shards.forEach(function (shard) {
      var dictionary = dictionaries[shard.c] || { title: "", senders: [], text: "" };
      if (!dictionary.words) {
        dictionary.words = frontDecoded(dictionary.text);
        dictionary.keys = dictionary.words.map(fold);
        dictionary.senderKeys = dictionary.senders.map(function (name) { return words(fold(name)); });
      }
      shard.t = dictionary.title;
      shard.s = dictionary.senders;
      shard.vocabulary = dictionary.words;
      shard.keys = dictionary.keys;
      shard.senderKeys = dictionary.senderKeys;
      decodeShard(shard);
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
      // Context comes from the words that kept their order; a match among the rest of a long
      // message is shown after the start of it.
      var inOrder = first < doc.ordered;
      var start = inOrder ? Math.max(0, first - 8) : 0;
      var end = Math.min(doc.ordered, inOrder ? Math.max(first, 0) + 16 : 12);
      if (start > 0) context.appendChild(document.createTextNode("… "));
      function show(index) {
        var word = shard.vocabulary[doc.words[index]];
        if (result.hits.has(index)) {
          var mark = document.createElement("mark");
          mark.textContent = word;
          context.appendChild(mark);
        } else {
          context.appendChild(document.createTextNode(word));
        }
        context.appendChild(document.createTextNode(" "));
      }
      for (var i = start; i < end; i++) show(i);
      if (!inOrder) {
        context.appendChild(document.createTextNode("… "));
        Array.from(result.hits).sort(function (a, b) { return a - b; }).forEach(show);
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
    words: function (conversation, title, senders, text) {
      dictionaries[conversation] = { title: title, senders: senders, text: text };
    },
    search: search
  };
})();
