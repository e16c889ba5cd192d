/// The script of the shared worker every live page of a browser connects through
/// (`LiveServer.workerPath`): it holds one event stream for all of them.
enum LiveWorker {
    /// The worker's text, served as `text/javascript` under a policy that allows only
    /// connections back to the server.
    static let script = #"""
        // Scrollback live pages' shared worker: one event stream for every page of this server that a
        // browser has open, so that no page waits for a connection other pages' streams hold (a browser
        // opens at most six to one server). Each page says which page it is and which event it saw
        // last; the worker follows them all through one stream and hands each page its own events.
        "use strict";
        var pages = {};
        var base = null;
        var source = null;
        var timer = null;

        function parse(id) {
          var dash = id ? id.lastIndexOf("-") : -1;
          return dash < 0 ? null : { run: id.slice(0, dash), number: Number(id.slice(dash + 1)) };
        }
        // Whether event id `a` comes before `b` (one from another run of the server counts as before).
        function before(a, b) {
          var x = parse(a), y = parse(b);
          if (!x) return true;
          if (!y) return false;
          return x.run !== y.run || x.number < y.number;
        }
        function tell(url, message) {
          var page = pages[url];
          if (page) for (var i = 0; i < page.ports.length; i++) page.ports[i].postMessage(message);
        }
        function schedule(delay) {
          if (timer === null) timer = setTimeout(function () { timer = null; connect(); }, delay);
        }
        function connect() {
          if (source) source.close();
          source = null;
          var order = Object.keys(pages).filter(function (url) { return pages[url].ports.length > 0; });
          if (!order.length || !base) return;
          var query = order.map(function (url, index) {
            var since = pages[url].since;
            return "page" + index + "=" + encodeURIComponent(url) + (since ? "&since" + index + "=" + encodeURIComponent(since) : "");
          }).join("&");
          var opened = new EventSource(base + "?" + query);
          source = opened;
          order.forEach(function (url, index) {
            opened.addEventListener("p" + index, function (event) {
              if (source !== opened || !pages[url]) return;
              if (event.lastEventId) pages[url].since = event.lastEventId;
              tell(url, { type: "event", id: event.lastEventId, data: event.data });
            });
          });
          opened.onopen = function () {
            order.forEach(function (url) { tell(url, { type: "online" }); });
          };
          opened.onerror = function () {
            if (source !== opened) return;
            order.forEach(function (url) { tell(url, { type: "offline" }); });
            opened.close();
            source = null;
            schedule(1000);
          };
        }
        self.onconnect = function (connection) {
          var port = connection.ports[0];
          port.onmessage = function (message) {
            var request = message.data || {};
            if (request.type === "follow" && typeof request.page === "string" && typeof request.events === "string") {
              base = request.events;
              var page = pages[request.page];
              var fresh = !page;
              if (fresh) page = pages[request.page] = { since: request.since || "", ports: [] };
              if (page.ports.indexOf(port) < 0) page.ports.push(port);
              // A page served before the stream's place needs the events in between: follow from its place.
              if (fresh || before(request.since, page.since)) {
                page.since = request.since || "";
                schedule(0);
              } else if (source) {
                port.postMessage({ type: "online" });
              }
            } else if (request.type === "leave" && pages[request.page]) {
              var ports = pages[request.page].ports;
              var at = ports.indexOf(port);
              if (at >= 0) ports.splice(at, 1);
              if (!ports.length) delete pages[request.page];
            }
          };
          port.start();
        };
        """#
}
