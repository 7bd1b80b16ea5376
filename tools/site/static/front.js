// The front page in the reader's language: the browser's (en, da or nl), or the one picked.
(function () {
  "use strict";
  var known = ["en", "da", "nl"];
  function show(lang) {
    document.querySelectorAll("section.front").forEach(function (s) {
      s.hidden = s.getAttribute("data-lang") !== lang;
    });
    document.documentElement.lang = lang;
  }
  var picked = location.hash.slice(1);
  var lang = known.indexOf(picked) >= 0 ? picked : null;
  (navigator.languages || [navigator.language || "en"]).forEach(function (code) {
    var two = String(code).slice(0, 2).toLowerCase();
    if (!lang && known.indexOf(two) >= 0) lang = two;
  });
  show(lang || "en");
  document.addEventListener("click", function (event) {
    var pick = event.target.getAttribute && event.target.getAttribute("data-pick");
    if (pick) { show(pick); }
  });
})();
