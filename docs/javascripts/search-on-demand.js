// Search on demand, and queries as a French or English reader types them (docs/overrides/main.html
// loads this before the theme's bundle).
//
// 1. The theme fetches the whole search index (several MB) as soon as any page opens. Here that
//    request waits until the reader uses search: the search box gets focus, the search toggle opens
//    (a click, or the "/", "s", "f" shortcuts), or the page was opened with a query (?q=...). A page
//    read without searching costs only its own content.
// 2. Before a query reaches the search worker, the words that carry no meaning (French and English
//    stop words: "de", "la", "the", "of"...) are dropped, French elisions are split ("l'ordre" is
//    "ordre") and a French plural is cut to its singular stem, since the theme matches each word as
//    a prefix ("Lune de sang" looks for lune* sang*, not for every word starting with "de").
(function () {
  "use strict";

  // -- 1. the index is fetched when search is used -----------------------------------------------
  let wanted;
  const used = new Promise((resolve) => (wanted = resolve));
  const params = new URLSearchParams(window.location.search);
  if (params.has("q")) wanted();
  document.addEventListener("focusin", (ev) => {
    if (ev.target instanceof Element && ev.target.matches(".md-search__input")) wanted();
  });
  document.addEventListener("change", (ev) => {
    if (ev.target instanceof Element && ev.target.id === "__search" && ev.target.checked) wanted();
  });
  document.addEventListener("click", (ev) => {
    if (ev.target instanceof Element && ev.target.closest("label[for=__search], .md-search")) wanted();
  });
  document.addEventListener("keydown", (ev) => {
    const typing = ev.target instanceof Element && ev.target.matches("input, textarea, select, [contenteditable]");
    if (!typing && ["/", "s", "f", "S", "F"].includes(ev.key)) wanted();
  });
  window.mtgLayersSearchUsed = () => wanted(); // for a page that opens search itself

  // The theme asks for the index with XMLHttpRequest (and, on other versions, fetch): both wait.
  const INDEX = /\/search\/search_index\.json(?:[?#]|$)/;
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    this.mtgLayersIndex = INDEX.test(String(url));
    return open.call(this, method, url, ...rest);
  };
  XMLHttpRequest.prototype.send = function (body) {
    if (this.mtgLayersIndex) {
      used.then(() => send.call(this, body));
      return undefined;
    }
    return send.call(this, body);
  };
  const fetchIndex = window.fetch.bind(window);
  window.fetch = function (input, init) {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input && input.url;
    if (typeof url === "string" && INDEX.test(url)) return used.then(() => fetchIndex(input, init));
    return fetchIndex(input, init);
  };

  // -- 2. queries without stop words ----------------------------------------------------------
  const STOP = new Set(
    (
      // French
      "a à au aux avec ce ces c cet cette d dans de des du elle elles en est et eux il ils je j l la le " +
      "les leur leurs lui m ma mais me mes moi mon n ne nos notre nous on ou où par pas pour qu que qui " +
      "s sa se ses son sur t ta te tes toi ton tu un une vos votre vous y " +
      // English
      "an and are as at be by for from has in into is it its of on or that the this to was were with"
    ).split(" ")
  );

  function words(term) {
    // "l'ordre", "d’une": the elided article is a word of its own
    const m = /^([cdjlmnst]|qu)['’](.+)$/i.exec(term);
    return m ? [m[1], m[2]] : [term];
  }

  function stem(word) {
    // a French or English plural matches its singular as a prefix: couches -> couche, effets -> effet
    if (word.length > 4 && /[^s]s$/i.test(word)) return word.slice(0, -1);
    if (word.length > 4 && /aux$/i.test(word)) return word.slice(0, -3) + "a"; // généraux -> généra(l)
    return word;
  }

  function meaningful(query) {
    if (/["+\-~^:*]/.test(query)) return query; // the reader wrote query syntax: left as written
    const all = query.trim().split(/\s+/).flatMap(words);
    const kept = all.filter((w) => !STOP.has(w.toLowerCase()));
    return kept.length ? kept.map(stem).join(" ") : query;
  }
  window.mtgLayersSearchQuery = meaningful; // the browser test reads it

  const RealWorker = window.Worker;
  if (typeof RealWorker === "function") {
    const SearchAware = function (url, options) {
      const worker = new RealWorker(url, options);
      if (/workers\/search\.[^/]*\.js/.test(String(url))) {
        const post = worker.postMessage.bind(worker);
        // what the worker was asked and has answered, in order (it answers one query at a time): the browser
        // tests read the results once the last query typed is answered, not while a prefix's still show
        window.mtgLayersSearchSent = 0;
        window.mtgLayersSearchAnswered = 0;
        window.mtgLayersSearchLastSent = null;
        worker.addEventListener("message", (event) => {
          // 3 is the theme's result message (SearchMessageType.RESULT)
          if (event.data && event.data.type === 3) window.mtgLayersSearchAnswered += 1;
        });
        worker.postMessage = function (message, ...rest) {
          // 2 is the theme's query message (SearchMessageType.QUERY)
          if (message && message.type === 2 && typeof message.data === "string") {
            message = Object.assign({}, message, { data: meaningful(message.data) });
            window.mtgLayersSearchSent += 1;
            window.mtgLayersSearchLastSent = message.data;
          }
          return post(message, ...rest);
        };
      }
      return worker;
    };
    SearchAware.prototype = RealWorker.prototype;
    window.Worker = SearchAware;
  }
})();
