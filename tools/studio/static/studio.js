// The studio's one script of its own (htmx does the rest): what was typed in the last
// moments before the tab is closed or hidden (htmx sends the text 0.4 s after the last key)
// is sent as a beacon to /draft, which keeps it as the file's draft. The request is the
// page's own (same origin, under the token's path: the body's data-root), bounded by the
// server like every other.
(function () {
  "use strict";
  var sent = null;

  function keep() {
    var text = document.getElementById("text");
    var file = document.querySelector("#doc input[name=file]");
    if (!text || !file || text.value === sent) {
      return;
    }
    var draft = (document.body.getAttribute("data-root") || "") + "/draft";
    var body = new URLSearchParams();
    body.set("file", file.value);
    body.set("text", text.value);
    var queued = navigator.sendBeacon && navigator.sendBeacon(draft, body);
    if (!queued) {
      // Too long for a beacon (64 KiB): a request that outlives the page if it can.
      fetch(draft, { method: "POST", body: body, keepalive: body.toString().length < 65536 })
        .catch(function () {});
    }
    sent = text.value;
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") {
      keep();
    }
  });
  window.addEventListener("pagehide", keep);
  document.addEventListener("input", function (event) {
    if (event.target && event.target.id === "text") {
      sent = null; // typed since the last beacon: the next hide sends it
    }
  });
})();
