// Undo and redo of the author's edits: each a snapshot of whatever the page restores (a beat list, or the beats with
// the grid). Pure: tested with node --test.

/** A copy of a snapshot, so later changes to the page's own objects do not reach the history. */
const copy = (x) => (x == null ? x : structuredClone(x));

/** `x` as JSON with every object's keys sorted: two snapshots with the same content give the same text. */
const canonical = (x) =>
  JSON.stringify(x, (_, v) => (v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v));

/** Pops the snapshots at the top of `stack` that equal `current`. */
function dropSame(stack, current) {
  const now = canonical(current);
  while (stack.length && canonical(stack[stack.length - 1]) === now) stack.pop();
}

/** An undo history of snapshots, at most `limit` deep. */
export class History {
  constructor(limit = 1000) { this.limit = limit; this.undoStack = []; this.redoStack = []; }

  /** Records `state` (what was there before an edit); clears the redo stack. */
  record(state) {
    this.undoStack.push(copy(state));
    if (this.undoStack.length > this.limit) this.undoStack.shift();
    this.redoStack = [];
  }

  /**
   * The snapshot to go back to from `current`, or null when there is none. A step that would change nothing (an edit
   * the server refused, so the page went back to where it was) is passed over: every undo shows a change.
   */
  undo(current) {
    dropSame(this.undoStack, current);
    if (!this.undoStack.length) return null;
    this.redoStack.push(copy(current));
    return this.undoStack.pop();
  }

  /** The snapshot to go forward to from `current`, or null when there is none (steps that change nothing passed over). */
  redo(current) {
    dropSame(this.redoStack, current);
    if (!this.redoStack.length) return null;
    this.undoStack.push(copy(current));
    return this.redoStack.pop();
  }
}
