/// The editor's page: HTML, CSS and JavaScript in one document, shipped inside the binary (no CDN, no npm), so
/// the editor works offline. It talks only to its own server, with the token from its own URL.
public enum EditorPage {
    /// The page.
    public static let html = #"""
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>beatmap edit</title><link rel="icon" href="data:,">
        <style>
        body { font: 13px system-ui, sans-serif; margin: 0; background: #14161a; color: #e6e6e6; }
        header { display: flex; gap: 12px; align-items: center; padding: 8px 12px; background: #1f232a; flex-wrap: wrap; }
        header b { font-size: 14px; }
        button, select, input { background: #2b313b; color: #e6e6e6; border: 1px solid #444c59; border-radius: 4px; padding: 3px 8px; }
        button:hover { background: #38404c; }
        #summary { padding: 6px 12px; background: #181b20; }
        .bad { color: #ff6b6b; } .ok { color: #7bd88f; } .warn { color: #f0b35a; }
        canvas { display: block; width: 100%; }
        #overview { height: 60px; background: #101215; cursor: pointer; }
        #detail { height: 300px; background: #0c0e11; cursor: crosshair; }
        #help { padding: 6px 12px; color: #9aa3ad; }
        #findings { padding: 0 12px 12px; color: #c9ced6; max-height: 160px; overflow: auto; white-space: pre-wrap; }
        kbd { background: #2b313b; border-radius: 3px; padding: 0 4px; }
        </style></head>
        <body>
        <header>
          <b id="title">beatmap edit</b>
          <button id="play">▶ Play</button>
          <label>Rate <select id="rate"><option>1</option><option>0.75</option><option>0.5</option></select></label>
          <label>Click <input id="clickVolume" type="range" min="0" max="1" step="0.05" value="0.6"></label>
          <label><input id="loop" type="checkbox"> Loop selection</label>
          <button id="zoomIn">Zoom +</button><button id="zoomOut">Zoom −</button><button id="zoomAll">All</button>
          <button id="undo">Undo</button><button id="redo">Redo</button>
          <button id="snap">Snap</button><button id="quantize">Quantize</button><button id="shift">Shift map…</button>
          <button id="calibrate">Tap calibration</button>
          <button id="save">Save</button>
          <span id="time">0.000 s</span>
        </header>
        <div id="summary">Loading…</div>
        <canvas id="overview"></canvas>
        <canvas id="detail"></canvas>
        <div id="help">Click: seek · drag a beat: move it · drag empty space: select (and loop) · double-click: add a beat ·
        <kbd>T</kbd> while playing: add a beat at the playhead · <kbd>Delete</kbd>: remove the selection · <kbd>←</kbd>/<kbd>→</kbd>: nudge 1 ms
        (<kbd>Shift</kbd>: 10 ms) · <kbd>S</kbd>: snap to the nearest onset · <kbd>Q</kbd>: quantize to the fitted grid · <kbd>Space</kbd>: play/pause ·
        <kbd>Ctrl</kbd>+<kbd>Z</kbd>/<kbd>Y</kbd>: undo/redo · <kbd>Ctrl</kbd>+<kbd>S</kbd>: save · wheel: scroll, <kbd>Ctrl</kbd>+wheel: zoom</div>
        <div id="findings"></div>
        <script>
        "use strict";
        const token = new URLSearchParams(location.search).get("token") || "";
        const api = (path) => path + (path.includes("?") ? "&" : "?") + "token=" + encodeURIComponent(token);
        const $ = (id) => document.getElementById(id);
        let state = null, beats = [], selected = new Set(), undo = [], redo = [], onsets = [];
        let view = { from: 0, to: 10 }, overviewEnv = null, detailEnv = null, selection = null;
        let ctx = null, buffer = null, source = null, startedAt = 0, startOffset = 0, playing = false, clickTimer = null;
        let tapLatency = Number(localStorage.getItem("beatmapTapLatency") || "0");
        let drag = null, pushTimer = null, calibration = null, putSeq = 0, shownSeq = 0, waiting = false, serverError = null;
        window.editor = { get beats() { return beats.slice(); }, get state() { return state; }, get playing() { return playing; },
          position: () => position(), get selected() { return [...selected]; }, get view() { return view; },
          get synced() { return !waiting && shownSeq === putSeq; },
          clientX: (t) => { const c = $("detail"), r = c.getBoundingClientRect(); return r.left + xOf(t, c) * r.width / c.width; },
          clientY: () => { const r = $("detail").getBoundingClientRect(); return r.top + r.height / 2; } };

        async function getJSON(path, options) {
          const r = await fetch(api(path), options);
          const body = await r.json();
          if (!r.ok) throw new Error(body.error || r.statusText);
          return body;
        }
        function show(s) {
          state = s; beats = s.beats.map(b => b.time); selected = new Set([...selected].filter(i => i < beats.length));
          $("title").textContent = s.track + (s.map ? "  ·  " + s.map : "  ·  draft") + (s.dirty ? "  ●" : "");
          const f = (v, d = 1) => v == null ? "n/a" : v.toFixed(d);
          $("summary").innerHTML = `<span class="${s.flagged ? "bad" : "ok"}">${s.flagged} flagged</span> of ${beats.length} beats · ` +
            `offset ${s.offset == null ? "n/a" : (s.offset * 1000).toFixed(1) + " ms"} · map ${f(s.map_bpm, 2)} BPM vs track ${f(s.audio_bpm, 2)} BPM` +
            (s.grid ? ` · grid ${s.grid.bpm.toFixed(3)} BPM from ${s.grid.offset.toFixed(3)} s` : "") + ` · tap latency ${(tapLatency * 1000).toFixed(0)} ms` +
            (s.dirty ? ' · <span class="warn">unsaved</span>' : "");
          $("findings").textContent = (serverError ? "error: " + serverError + "\n" : "") +
            s.findings.map(x => `${x.severity}: [${x.rule}] ${x.message}`).join("\n");
          $("save").disabled = !s.can_save;
          draw();
        }
        // Every edit: new beats (sorted), the selection carried by time, and a check on the server. Only the answer to
        // the latest request is shown, and only while the beats are still the ones it checked, so a slow answer never
        // brings back older beats.
        function edit(newBeats, selectedTimes) {
          undo.push(beats.slice()); redo = [];
          setBeats(newBeats, selectedTimes ?? [...selected].map(i => beats[i]));
        }
        function setBeats(newBeats, selectedTimes) {
          beats = newBeats.filter(Number.isFinite).sort((a, b) => a - b);
          const keep = new Set(selectedTimes || []);
          selected = new Set(beats.map((t, i) => [t, i]).filter(([t]) => keep.has(t)).map(([, i]) => i));
          state.beats = beats.map(t => ({ time: t, flagged: false, too_close: false, error: null }));
          state.dirty = true; draw(); push();
        }
        function push() {
          clearTimeout(pushTimer); waiting = true;
          pushTimer = setTimeout(() => { waiting = false; sync().catch(() => {}); }, 40);
        }
        async function sync() {
          const seq = ++putSeq, sent = beats.slice();
          try {
            const s = await getJSON("/api/beats", { method: "PUT", body: JSON.stringify(sent), headers: { "Content-Type": "application/json" } });
            serverError = null;
            if (seq === putSeq && sent.length === beats.length && sent.every((t, i) => t === beats[i])) { shownSeq = seq; show(s); }
          } catch (e) { serverError = e.message; if (seq === putSeq) draw(); throw e; }
        }
        async function loadView() {
          const w = $("detail").width;
          detailEnv = await getJSON(`/api/envelope?from=${view.from}&to=${view.to}&width=${w}`);
          draw();
        }
        function setView(from, to) {
          const d = state.duration, span = Math.min(Math.max(to - from, 0.02), d);
          from = Math.max(0, Math.min(from, d - span));
          view = { from, to: from + span }; draw(); clearTimeout(setView.t); setView.t = setTimeout(loadView, 30);
        }
        function fit(canvas) {
          const r = canvas.getBoundingClientRect(), scale = window.devicePixelRatio || 1;
          canvas.width = Math.max(1, Math.round(r.width * scale)); canvas.height = Math.max(1, Math.round(r.height * scale));
        }
        const xOf = (t, c) => (t - view.from) / (view.to - view.from) * c.width;
        const tOf = (x, c) => view.from + x / c.width * (view.to - view.from);
        function drawWave(g, env, c, h0, h1, color) {
          if (!env) return;
          const mid = (h0 + h1) / 2, amp = (h1 - h0) / 2;
          g.fillStyle = color;
          for (let x = 0; x < env.min.length; x++) {
            const px = x * c.width / env.min.length;
            g.fillRect(px, mid - env.max[x] * amp, Math.max(1, c.width / env.min.length), Math.max(1, (env.max[x] - env.min[x]) * amp));
          }
        }
        function draw() {
          if (!state) return;
          const o = $("overview"), d = $("detail"), go = o.getContext("2d"), gd = d.getContext("2d");
          go.clearRect(0, 0, o.width, o.height); gd.clearRect(0, 0, d.width, d.height);
          drawWave(go, overviewEnv, o, 0, o.height, "#3d6f9e");
          const ox = (t) => t / state.duration * o.width;
          go.fillStyle = "rgba(255,255,255,0.12)"; go.fillRect(ox(view.from), 0, Math.max(2, ox(view.to) - ox(view.from)), o.height);
          for (const b of state.beats) { go.fillStyle = b.flagged ? "#ff6b6b" : "#8fa3b8"; go.fillRect(ox(b.time), o.height - 8, 1, 8); }
          const waveBottom = d.height * 0.72;
          drawWave(gd, detailEnv, d, 20, waveBottom, "#4f8fc9");
          if (detailEnv) {
            gd.strokeStyle = "#e5a84b"; gd.beginPath();
            detailEnv.onset.forEach((v, x) => { const px = x * d.width / detailEnv.onset.length, py = d.height - 4 - v * (d.height - waveBottom - 8); x ? gd.lineTo(px, py) : gd.moveTo(px, py); });
            gd.stroke();
          }
          if (selection) { gd.fillStyle = "rgba(120,170,255,0.15)"; gd.fillRect(xOf(selection[0], d), 0, xOf(selection[1], d) - xOf(selection[0], d), d.height); }
          if (state.grid) {
            const p = 60 / state.grid.bpm; gd.strokeStyle = "rgba(255,255,255,0.10)";
            for (let t = state.grid.offset + Math.ceil((view.from - state.grid.offset) / p) * p; t < view.to; t += p) { gd.beginPath(); gd.moveTo(xOf(t, d), 0); gd.lineTo(xOf(t, d), d.height); gd.stroke(); }
          }
          gd.font = `${11 * (window.devicePixelRatio || 1)}px system-ui`;
          state.beats.forEach((b, i) => {
            if (b.time < view.from - 1 || b.time > view.to + 1) return;
            const x = xOf(b.time, d);
            gd.fillStyle = selected.has(i) ? "#ffffff" : b.flagged ? "#ff6b6b" : b.too_close ? "#f0b35a" : "#7bd88f";
            gd.fillRect(x - 1, 0, selected.has(i) ? 3 : 2, d.height);
            if (b.flagged && b.error != null) { gd.fillText(`${b.error > 0 ? "+" : ""}${(b.error * 1000).toFixed(0)} ms`, x + 4, 14); }
            if (b.flagged && b.audio_time != null) { gd.fillStyle = "rgba(255,107,107,0.5)"; gd.fillRect(xOf(b.audio_time, d) - 1, 0, 1, d.height); }
          });
          const p = position(); gd.fillStyle = "#ffffff"; gd.fillRect(xOf(p, d), 0, 2, d.height);
          go.fillStyle = "#ffffff"; go.fillRect(ox(p), 0, 2, o.height);
          $("time").textContent = p.toFixed(3) + " s";
        }
        function position() { return playing ? startOffset + (ctx.currentTime - startedAt) * Number($("rate").value) : startOffset; }
        async function ensureAudio() {
          if (buffer) return;
          ctx = ctx || new AudioContext();
          const data = await (await fetch(api("/audio"))).arrayBuffer();
          buffer = await ctx.decodeAudioData(data);
        }
        function click(when, gain) {
          const o = ctx.createOscillator(), g = ctx.createGain();
          o.frequency.value = 1800; g.gain.setValueAtTime(gain, when); g.gain.exponentialRampToValueAtTime(0.001, when + 0.03);
          o.connect(g).connect(ctx.destination); o.start(when); o.stop(when + 0.04);
        }
        function scheduleClicks() {
          const rate = Number($("rate").value), horizon = position() + 0.25 * rate, vol = Number($("clickVolume").value);
          for (const t of beats) {
            if (t >= scheduleClicks.next && t < horizon) { const when = startedAt + (t - startOffset) / rate; if (vol > 0 && when >= ctx.currentTime - 0.01) click(when, vol); }
          }
          scheduleClicks.next = horizon;
        }
        async function play(from) {
          await ensureAudio(); stop(false);
          const rate = Number($("rate").value);
          const loop = $("loop").checked && selection;
          startOffset = loop ? selection[0] : (from ?? startOffset);
          source = ctx.createBufferSource(); source.buffer = buffer; source.playbackRate.value = rate; source.connect(ctx.destination);
          if (loop) { source.loop = true; source.loopStart = selection[0]; source.loopEnd = selection[1]; }
          startedAt = ctx.currentTime + 0.05; source.start(startedAt, startOffset);
          playing = true; scheduleClicks.next = startOffset; $("play").textContent = "❚❚ Pause";
          clickTimer = setInterval(() => {
            if (loop && position() >= selection[1]) { startOffset = selection[0]; startedAt = ctx.currentTime; scheduleClicks.next = selection[0]; }
            scheduleClicks();
            if (position() >= state.duration) stop(true);
          }, 50);
          requestAnimationFrame(follow);
        }
        function stop(keep) {
          if (source) { try { source.stop(); } catch (e) {} source = null; }
          if (playing && keep) startOffset = position();
          playing = false; clearInterval(clickTimer); $("play").textContent = "▶ Play"; draw();
        }
        function follow() {
          if (!playing) return;
          const p = position(), span = view.to - view.from;
          if (p > view.to - span * 0.1 || p < view.from) setView(p - span * 0.1, p + span * 0.9); else draw();
          requestAnimationFrame(follow);
        }
        function nearestBeat(x, c) {
          let best = -1, dist = 8 * (window.devicePixelRatio || 1);
          beats.forEach((t, i) => { const d = Math.abs(xOf(t, c) - x); if (d < dist) { dist = d; best = i; } });
          return best;
        }
        function canvasX(e, c) { const r = c.getBoundingClientRect(); return (e.clientX - r.left) * c.width / r.width; }
        function wire() {
          const d = $("detail"), o = $("overview");
          o.addEventListener("mousedown", (e) => { const t = canvasX(e, o) / o.width * state.duration, s = view.to - view.from; setView(t - s / 2, t + s / 2); });
          d.addEventListener("mousedown", (e) => {
            const x = canvasX(e, d), i = nearestBeat(x, d);
            if (i >= 0) {
              if (!e.shiftKey && !selected.has(i)) selected.clear();
              selected.add(i); drag = { kind: "beat", index: i, start: beats[i], x, moved: false };
            } else { drag = { kind: "range", t0: tOf(x, d), x, moved: false }; }
            draw();
          });
          window.addEventListener("mousemove", (e) => {
            if (!drag) return;
            const x = canvasX(e, d); if (Math.abs(x - drag.x) > 3) drag.moved = true;
            if (drag.kind === "beat" && drag.moved) { state.beats[drag.index].time = tOf(x, d); beats[drag.index] = tOf(x, d); draw(); }
            if (drag.kind === "range" && drag.moved) { const t = tOf(x, d); selection = [Math.min(drag.t0, t), Math.max(drag.t0, t)]; draw(); }
          });
          window.addEventListener("mouseup", (e) => {
            if (!drag) return;
            const x = canvasX(e, d);
            if (drag.kind === "beat" && drag.moved) { const moved = beats.slice(), t = moved[drag.index]; beats[drag.index] = drag.start; edit(moved, [t]); }
            else if (drag.kind === "range" && drag.moved) { selected = new Set(beats.map((t, i) => [t, i]).filter(([t]) => t >= selection[0] && t <= selection[1]).map(([, i]) => i)); draw(); }
            else if (drag.kind === "range") { selection = null; selected.clear(); const t = tOf(x, d); if (playing) play(t); else { startOffset = t; draw(); } }
            drag = null;
          });
          d.addEventListener("dblclick", (e) => { const t = tOf(canvasX(e, d), d); edit(beats.concat([t])); });
          d.addEventListener("wheel", (e) => {
            e.preventDefault(); const span = view.to - view.from;
            if (e.ctrlKey) { const t = tOf(canvasX(e, d), d), k = e.deltaY > 0 ? 1.25 : 0.8; setView(t - (t - view.from) * k, t + (view.to - t) * k); }
            else { const dt = span * (e.deltaY + e.deltaX) / 1000; setView(view.from + dt, view.to + dt); }
          }, { passive: false });
          $("play").onclick = () => playing ? stop(true) : play();
          $("zoomIn").onclick = () => { const c = (view.from + view.to) / 2, s = (view.to - view.from) / 4; setView(c - s, c + s); };
          $("zoomOut").onclick = () => { const c = (view.from + view.to) / 2, s = (view.to - view.from); setView(c - s, c + s); };
          $("zoomAll").onclick = () => setView(0, state.duration);
          $("undo").onclick = doUndo; $("redo").onclick = doRedo; $("save").onclick = save;
          $("snap").onclick = snap; $("quantize").onclick = quantize; $("calibrate").onclick = calibrate;
          $("shift").onclick = () => { const ms = Number(prompt("Shift every beat by (ms, negative = earlier):", "0")); if (ms) edit(beats.map(t => t + ms / 1000)); };
          window.addEventListener("keydown", (e) => {
            if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
            const k = e.key.toLowerCase();
            if ((e.ctrlKey || e.metaKey) && k === "z") { e.preventDefault(); e.shiftKey ? doRedo() : doUndo(); }
            else if ((e.ctrlKey || e.metaKey) && k === "y") { e.preventDefault(); doRedo(); }
            else if ((e.ctrlKey || e.metaKey) && k === "s") { e.preventDefault(); save(); }
            else if (k === " ") { e.preventDefault(); playing ? stop(true) : play(); }
            else if (k === "t") { tap(); }
            else if (k === "delete" || k === "backspace") { if (selected.size) { edit(beats.filter((_, i) => !selected.has(i)), []); } }
            else if (k === "arrowleft" || k === "arrowright") { e.preventDefault(); nudge((k === "arrowleft" ? -1 : 1) * (e.shiftKey ? 0.010 : 0.001)); }
            else if (k === "s") { snap(); } else if (k === "q") { quantize(); }
          });
          window.addEventListener("resize", () => { fit($("overview")); fit($("detail")); loadOverview(); loadView(); });
        }
        function doUndo() { if (!undo.length) return; redo.push(beats.slice()); setBeats(undo.pop(), []); }
        function doRedo() { if (!redo.length) return; undo.push(beats.slice()); setBeats(redo.pop(), []); }
        function moveSelected(f) {
          const moved = beats.map((t, i) => selected.has(i) ? f(t) : t);
          edit(moved, beats.map((t, i) => i).filter(i => selected.has(i)).map(i => moved[i]));
        }
        function nudge(dt) { if (selected.size) moveSelected(t => t + dt); }
        function tap() {
          if (calibration) { calibration.taps.push(ctx.currentTime); return; }
          if (!playing) return;
          edit(beats.concat([position() - tapLatency * Number($("rate").value)]));
        }
        function snap() {
          if (!selected.size || !onsets.length) return;
          moveSelected(t => { let best = t, dist = 0.1; for (const o of onsets) { if (Math.abs(o - t) < dist) { dist = Math.abs(o - t); best = o; } } return best; });
        }
        function quantize() {
          if (!selected.size || !state.grid) return;
          const p = 60 / state.grid.bpm, o = state.grid.offset;
          moveSelected(t => o + Math.round((t - o) / p) * p);
        }
        async function calibrate() {
          await ensureAudio(); stop(true);
          const period = 0.6, count = 100, start = ctx.currentTime + 1;
          calibration = { taps: [] };
          for (let k = 0; k < count; k++) click(start + k * period, 0.8);
          $("summary").textContent = `Tap T on every click for a minute (${count} clicks); press Tap calibration again to stop early.`;
          $("calibrate").onclick = finish;
          const timer = setTimeout(finish, (count * period + 1.5) * 1000);
          function finish() {
            clearTimeout(timer); $("calibrate").onclick = calibrate;
            const offsets = calibration.taps.map(t => { const k = Math.round((t - start) / period); return t - (start + k * period); }).filter(x => Math.abs(x) < period / 3).sort((a, b) => a - b);
            calibration = null;
            if (offsets.length >= 8) { tapLatency = offsets[Math.floor(offsets.length / 2)]; localStorage.setItem("beatmapTapLatency", String(tapLatency)); }
            show(state);
          }
        }
        // Saving sends the beats themselves, so what is written is what the page shows, whatever checks are in flight.
        async function save() {
          clearTimeout(pushTimer); waiting = false;
          const seq = ++putSeq, sent = beats.slice();
          try {
            const s = await getJSON("/api/save", { method: "POST", body: JSON.stringify(sent), headers: { "Content-Type": "application/json" } });
            serverError = null;
            if (seq === putSeq && sent.length === beats.length && sent.every((t, i) => t === beats[i])) { shownSeq = seq; show(s); }
          } catch (e) { serverError = e.message; draw(); alert("Not saved: " + e.message); }
        }
        async function loadOverview() { overviewEnv = await getJSON(`/api/envelope?from=0&to=${state.duration}&width=${$("overview").width}`); draw(); }
        window.addEventListener("beforeunload", (e) => { if (state && state.dirty) { e.preventDefault(); e.returnValue = ""; } });
        (async () => {
          fit($("overview")); fit($("detail"));
          show(await getJSON("/api/state"));
          onsets = await getJSON("/api/onsets");
          wire(); await loadOverview(); setView(0, Math.min(state.duration, 12));
        })().catch(e => { $("summary").textContent = "Error: " + e.message; });
        </script></body></html>
        """#

    /// The Content-Security-Policy the page is served with: its own inline script and style, its own server only.
    public static let policy =
        "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; media-src 'self' blob:; connect-src 'self'; img-src 'self' data:"
}
