/**
 * The prompt's line editor as a pure reducer: typing, cursor moves, history
 * with up and down, and submitting. Every key goes through one reducer, so
 * keys that arrive faster than the screen redraws are never lost.
 */
export interface EditorState {
  value: string;
  cursor: number;
  history: string[];
  /** Where up/down is in the history; history.length means the line being typed. */
  index: number;
  /** The line being typed, kept while browsing the history. */
  draft: string;
  /** Submitted lines not yet handled, oldest first (typed ahead or pasted together). */
  queue: { id: number; text: string }[];
  lastId: number;
}

export type EditorAction =
  | { type: "insert"; text: string }
  | { type: "backspace" }
  | { type: "delete" }
  | { type: "left" }
  | { type: "right" }
  | { type: "home" }
  | { type: "end" }
  | { type: "kill" }
  | { type: "up" }
  | { type: "down" }
  | { type: "submit" }
  | { type: "taken"; id: number };

const HISTORY_LIMIT = 500;

export function initialEditor(history: string[] = []): EditorState {
  const kept = history.slice(-HISTORY_LIMIT);
  return { value: "", cursor: 0, history: kept, index: kept.length, draft: "", queue: [], lastId: 0 };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const { value, cursor } = state;
  switch (action.type) {
    case "insert": {
      // Pasted line breaks become spaces: a question is one line.
      const text = action.text.replace(/[\r\n]+/g, " ").replace(/[\u0000-\u001f\u007f]/g, "");
      if (text === "") return state;
      return { ...state, value: value.slice(0, cursor) + text + value.slice(cursor), cursor: cursor + text.length };
    }
    case "backspace":
      return cursor === 0
        ? state
        : { ...state, value: value.slice(0, cursor - 1) + value.slice(cursor), cursor: cursor - 1 };
    case "delete":
      return cursor >= value.length ? state : { ...state, value: value.slice(0, cursor) + value.slice(cursor + 1) };
    case "left":
      return { ...state, cursor: Math.max(0, cursor - 1) };
    case "right":
      return { ...state, cursor: Math.min(value.length, cursor + 1) };
    case "home":
      return { ...state, cursor: 0 };
    case "end":
      return { ...state, cursor: value.length };
    case "kill":
      return { ...state, value: value.slice(cursor), cursor: 0 };
    case "up": {
      if (state.index === 0) return state;
      const draft = state.index === state.history.length ? value : state.draft;
      const line = state.history[state.index - 1];
      return { ...state, draft, index: state.index - 1, value: line, cursor: line.length };
    }
    case "down": {
      if (state.index >= state.history.length) return state;
      const index = state.index + 1;
      const line = index === state.history.length ? state.draft : state.history[index];
      return { ...state, index, value: line, cursor: line.length };
    }
    case "submit": {
      const text = value.trim();
      if (text === "") return { ...state, value: "", cursor: 0, index: state.history.length, draft: "" };
      const history = state.history.at(-1) === text ? state.history : [...state.history, text].slice(-HISTORY_LIMIT);
      const id = state.lastId + 1;
      return {
        value: "",
        cursor: 0,
        history,
        index: history.length,
        draft: "",
        queue: [...state.queue, { id, text }],
        lastId: id,
      };
    }
    case "taken":
      return { ...state, queue: state.queue.filter((item) => item.id !== action.id) };
  }
}
