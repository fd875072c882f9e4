// What every panel of the editor page shares: the controller's actions and a span of text.

/** What the panels' buttons do: set by the controller (editor.js) before the page shows anything. */
export const actions = { edit: null, setGrid: null, setView: null, goTo: null, applyFix: null, sendMarkers: null, shiftAll: null };

/** A span of class `cls` holding `text`. */
export function span(cls, text) { const s = document.createElement("span"); s.className = cls; s.textContent = text; return s; }
