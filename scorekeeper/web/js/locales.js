(function () {
  function parsable(tag) {
    try {
      new Intl.Locale(tag);
      return true;
    } catch (e) {
      return false;
    }
  }
  var said = navigator.languages && navigator.languages.length ?
    Array.prototype.slice.call(navigator.languages) : [navigator.language];
  var kept = said.filter(function (tag) { return typeof tag === "string" && parsable(tag); });
  if (kept.length === said.length) return;
  if (!kept.length) kept = ["en"];
  try {
    Object.defineProperty(navigator, "languages",
      { configurable: true, get: function () { return kept.slice(); } });
    Object.defineProperty(navigator, "language",
      { configurable: true, get: function () { return kept[0]; } });
  } catch (e) {
    console.warn("the browser's languages could not be corrected", e);
  }
})();
