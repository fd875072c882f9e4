// Undo and redo of whole beat lists. Pure: tested with node --test.

/** An undo history of beat lists, at most `limit` deep. */
export class History {
  constructor(limit = 1000) { this.limit = limit; this.undoStack = []; this.redoStack = []; }

  /** Records `beats` (the list before an edit); clears the redo stack. */
  record(beats) {
    this.undoStack.push(beats.slice());
    if (this.undoStack.length > this.limit) this.undoStack.shift();
    this.redoStack = [];
  }

  /** The list to go back to from `current`, or null when there is none. */
  undo(current) {
    if (!this.undoStack.length) return null;
    this.redoStack.push(current.slice());
    return this.undoStack.pop();
  }

  /** The list to go forward to from `current`, or null when there is none. */
  redo(current) {
    if (!this.redoStack.length) return null;
    this.undoStack.push(current.slice());
    return this.redoStack.pop();
  }
}
