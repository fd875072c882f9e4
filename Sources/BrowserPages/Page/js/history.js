// Undo and redo of the author's edits: each a snapshot of whatever the page restores (a beat list, or the beats with
// the grid). Pure: tested with node --test.

/** A copy of a snapshot, so later changes to the page's own objects do not reach the history. */
const copy = (x) => (x == null ? x : structuredClone(x));

/** An undo history of snapshots, at most `limit` deep. */
export class History {
  constructor(limit = 1000) { this.limit = limit; this.undoStack = []; this.redoStack = []; }

  /** Records `state` (what was there before an edit); clears the redo stack. */
  record(state) {
    this.undoStack.push(copy(state));
    if (this.undoStack.length > this.limit) this.undoStack.shift();
    this.redoStack = [];
  }

  /** The snapshot to go back to from `current`, or null when there is none. */
  undo(current) {
    if (!this.undoStack.length) return null;
    this.redoStack.push(copy(current));
    return this.undoStack.pop();
  }

  /** The snapshot to go forward to from `current`, or null when there is none. */
  redo(current) {
    if (!this.redoStack.length) return null;
    this.undoStack.push(copy(current));
    return this.redoStack.pop();
  }
}
