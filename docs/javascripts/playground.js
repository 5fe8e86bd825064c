// The playground page (docs/playground.md): Pyodide runs the project's own Python in the page.
// Files next to the page (written by mtg_layers/docs_site/mkdocs_hooks.py at build time):
//   pyodide/           the Pyodide runtime from the npm package
//   mtg-layers.zip     reference/ and the modules that load a case and put the trace in words
//   cases/ID.yaml      every corpus case, cases/index.json lists them
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  // The runtime's folder: next to the page, or where the page's widget says (the French page uses the English
  // page's runtime: data-pg-runtime="../../playground/").
  const widget = document.querySelector("[data-pg-runtime]");
  const here = new URL(widget ? widget.dataset.pgRuntime : ".", window.location.href);
  // The page's own words in its language (<html lang>, French on docs/fr/ pages); the board's error messages
  // stay those the command line prints, and the answer's trace is the resolver's, in English.
  const WORDS = {
    en: {
      loading: "Loading Python in the page",
      starting: "Starting the project's Python",
      of: "of",
      mb: "MB",
      at: (c, step, steps, version) => `${c}, step ${step} of ${steps}, rules: ${version}`,
      matches: "Matches",
      differs: "Differs from",
      expectedAnswer: "the case's expected answer for these rules.",
      head: ["object", "expected", "computed"],
      noCase: "no corpus case with id ",
      noStart: "The playground could not start: ",
    },
    fr: {
      loading: "Chargement de Python dans la page",
      starting: "Démarrage du Python du projet",
      of: "sur",
      mb: "Mo",
      at: (c, step, steps, version) => `${c}, étape ${step} sur ${steps}, règles : ${version}`,
      matches: "Concorde avec",
      differs: "Diffère de",
      expectedAnswer: "la réponse attendue du cas pour ces règles.",
      head: ["objet", "attendu", "calculé"],
      noCase: "aucun cas du corpus n'a l'identifiant ",
      noStart: "Le bac à sable n'a pas pu démarrer : ",
    },
  };
  const say = WORDS[document.documentElement.lang] || WORDS.en;
  const params = new URLSearchParams(window.location.search);
  let playground = null;

  function status(text, error) {
    const el = $("pg-status");
    el.textContent = text;
    el.classList.toggle("pg-error", Boolean(error));
  }

  async function loadCase(id) {
    const response = await fetch(new URL("cases/" + encodeURIComponent(id) + ".yaml", here));
    if (!response.ok) throw new Error(say.noCase + id);
    $("pg-board").value = await response.text();
    $("pg-output").innerHTML = "";
    $("pg-check").innerHTML = "";
  }

  function escapeHtml(text) {
    return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  }

  // A case opens under the newest rules version it declares (its expected answers are checked).
  function newestDeclared() {
    if (!playground) return;
    const ids = JSON.parse(playground.declared_versions($("pg-board").value));
    if (ids.length) $("pg-version").value = ids[0];
  }

  function run() {
    if (!playground) return;
    const version = $("pg-version").value;
    const stepText = $("pg-step").value.trim();
    const step = stepText ? Number(stepText) : 0; // 0: the last step
    const out = JSON.parse(playground.run($("pg-board").value, version, step));
    const output = $("pg-output");
    if (!out.ok) {
      $("pg-check").innerHTML = "";
      output.innerHTML = "";
      output.dataset.version = "";
      status("error: " + out.error, true); // as the command line prints it
      return;
    }
    status(say.at(out.case, out.step, out.steps, out.version));
    let check = "";
    if (out.check) {
      check = `<p><strong>${out.check.ok ? say.matches : say.differs}</strong> ${say.expectedAnswer}</p>`;
      check += "<table><thead><tr>" + say.head.map((h) => `<th>${h}</th>`).join("") + "</tr></thead><tbody>";
      for (const row of out.check.rows) check += "<tr>" + row.map((c) => `<td>${escapeHtml(c)}</td>`).join("") + "</tr>";
      check += "</tbody></table>";
    }
    $("pg-check").innerHTML = check;
    output.innerHTML = out.html;
    output.dataset.version = version;
  }

  // Cards picked by name (the catalogue), one a line in the order they entered, built into the board.
  function startNames() {
    const list = $("pg-card-names");
    if (!list) return;
    for (const [en, fr] of JSON.parse(playground.card_names())) {
      list.appendChild(new Option(en));
      if (fr) list.appendChild(new Option(fr, fr, false, false)).label = en;
    }
    const add = () => {
      const name = $("pg-card").value.trim();
      if (!name) return;
      const box = $("pg-names");
      box.value = (box.value.trim() ? box.value.trim() + "\n" : "") + name;
      $("pg-card").value = "";
    };
    $("pg-add").addEventListener("click", add);
    $("pg-card").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); add(); } });
    $("pg-build").addEventListener("click", () => {
      const out = JSON.parse(playground.build_by_names($("pg-names").value, $("pg-version").value));
      if (!out.ok) {
        status(out.error, true);
        return;
      }
      $("pg-board").value = out.yaml;
      $("pg-step").value = "";
      run();
    });
    $("pg-add").disabled = false;
    $("pg-build").disabled = false;
  }

  // Progress while Pyodide loads: the bytes of its big files (the interpreter, the standard library) and of
  // the project's Python, counted as they arrive, then each start-up stage by name.
  const loading = { total: 0, done: 0 };
  const BIG = /(pyodide\.asm\.wasm|python_stdlib\.zip|mtg-layers\.zip)$/;
  function showProgress(stage) {
    const bar = $("pg-progress");
    const mb = (n) => (n / 1048576).toFixed(1).replace(".", say === WORDS.fr ? "," : ".");
    if (bar) {
      bar.max = Math.max(loading.total, 1);
      bar.value = loading.done;
    }
    const bytes = loading.total ? ` (${mb(loading.done)} ${say.of} ${mb(loading.total)} ${say.mb})` : "";
    status(stage + bytes + "…");
  }
  function counted(response) {
    const size = Number(response.headers.get("content-length")) || 0;
    if (!response.body || !size) return response;
    loading.total += size;
    const reader = response.body.getReader();
    const stream = new ReadableStream({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        loading.done += value.byteLength;
        showProgress(say.loading);
        controller.enqueue(value);
      },
    });
    return new Response(stream, { status: response.status, statusText: response.statusText, headers: response.headers });
  }
  const plainFetch = window.fetch.bind(window);
  function fetchCounted(input, init) {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const answer = plainFetch(input, init);
    return BIG.test(url) ? answer.then(counted) : answer;
  }

  // How long each start-up stage took (ms from the page's start), for the contributor notes' measurements.
  const times = (window.__pgTimes = {});
  const mark = (stage) => { times[stage] = Math.round(performance.now()); };

  async function start() {
    const caseId = params.get("case") || "seed-gray-ogre";
    try {
      window.fetch = fetchCounted; // Pyodide fetches its files with the page's fetch
      showProgress(say.loading);
      // the runtime, the project's Python and the case load together
      const runtime = window.loadPyodide({ indexURL: new URL("pyodide/", here).href });
      const bundle = fetchCounted(new URL("mtg-layers.zip", here).href).then((r) => r.arrayBuffer());
      const index = await (await fetch(new URL("cases/index.json", here))).json();
      const select = $("pg-case");
      for (const c of index) select.add(new Option(c.id, c.id, false, c.id === caseId));
      select.addEventListener("change", () =>
        loadCase(select.value).then(newestDeclared).then(run).catch((e) => status(String(e), true)));
      await loadCase(caseId);
      const pyodide = await runtime;
      mark("runtime");
      window.fetch = plainFetch;
      showProgress(say.starting);
      const zip = await bundle;
      pyodide.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/mtg-layers" });
      pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/mtg-layers')");
      mark("unpacked");
      playground = pyodide.pyimport("mtg_layers.docs_site.playground");
      mark("imported");
      const versions = JSON.parse(playground.versions());
      const wanted = params.get("rules");
      for (const v of versions) $("pg-version").add(new Option(v.label, v.id, false, v.id === wanted));
      if (!wanted) newestDeclared();
      $("pg-version").addEventListener("change", run);
      $("pg-run").addEventListener("click", run);
      $("pg-run").disabled = false;
      run();
      mark("answer");
      // the card-name list (a few hundred names) fills after the first answer is on screen
      setTimeout(() => {
        startNames();
        mark("names");
      }, 0);
      const bar = $("pg-progress");
      if (bar) bar.hidden = true;
    } catch (e) {
      window.fetch = plainFetch;
      status(say.noStart + e, true);
    }
  }

  start();
})();
