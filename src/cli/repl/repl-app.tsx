import { Box, Static, Text, useApp, useInput, useStdout } from "ink";
import Spinner from "ink-spinner";
import { useEffect, useReducer, useRef, useState } from "react";
import { editorReducer, initialEditor, type EditorAction } from "./line-editor.js";
import type { ReplSession } from "./repl-session.js";

interface Entry {
  id: number;
  text: string;
  tone: "question" | "answer" | "error" | "info";
}

export interface ReplAppProps {
  session: ReplSession;
  /** Shown once at the top: where the data comes from, how to get help. */
  banner: string;
  /** Earlier questions, oldest first, to browse with up. */
  history?: string[];
  /** Called with each submitted line so it can be kept for the next session. */
  onLine?: (line: string) => void;
  /** Clears the real terminal for /clear (the test renderer has none). */
  clearScreen?: () => void;
}

const TONE_COLOR: Record<Entry["tone"], string | undefined> = {
  question: "green",
  answer: undefined,
  error: "red",
  info: "gray",
};

/**
 * The conversation on screen: answers are printed once above the prompt (ink
 * Static), the prompt keeps a history, and a spinner runs while a question is
 * answered.
 */
export function ReplApp({ session, banner, history: initial, onLine, clearScreen }: ReplAppProps) {
  const { exit } = useApp();
  const { stdout } = useStdout();
  const [entries, setEntries] = useState<Entry[]>([{ id: 0, text: banner, tone: "info" }]);
  const [screen, setScreen] = useState(0);
  const [editor, dispatch] = useReducer(editorReducer, initial, initialEditor);
  // The line being handled; the spinner shows for questions, not for commands.
  const [busy, setBusy] = useState<{ text: string; question: boolean } | undefined>(undefined);
  const nextId = useRef(1);

  const add = (text: string, tone: Entry["tone"]) =>
    setEntries((list) => [...list, { id: nextId.current++, text, tone }]);

  // Typing ahead while an answer runs is kept, and lines submitted meanwhile wait their turn.
  useInput((input, key) => {
    for (const action of keyActions(input, key)) {
      if (action === "exit") exit();
      else dispatch(action);
    }
  });

  // Submitted lines are handled one at a time, in order.
  const head = editor.queue[0];
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the next line or the busy state changes, not on every render's new closures
  useEffect(() => {
    if (!head || busy) return;
    const line = head.text;
    onLine?.(line);
    add(`› ${line}`, "question");
    const isCommand = line.startsWith("/") || /^(exit|quit|:q)$/i.test(line);
    setBusy({ text: line, question: !isCommand });
    void session.handle(line, Math.max(40, (stdout.columns ?? 100) - 1)).then((outcome) => {
      if (outcome.exit) {
        exit();
        return;
      }
      if (outcome.clear) {
        clearScreen?.();
        setEntries([
          { id: nextId.current++, text: "Cleared. A new conversation starts with the next question.", tone: "info" },
        ]);
        setScreen((s) => s + 1);
      } else if (outcome.output !== "") {
        add(outcome.output, outcome.error ? "error" : isCommand ? "info" : "answer");
      }
      setBusy(undefined);
      dispatch({ type: "taken", id: head.id });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [head?.id, busy === undefined]);

  // Answers are laid out by the renderers for this width; a wider box keeps ink from wrapping csv or json again.
  // Errors and notes are prose: ink wraps them at word boundaries.
  const columns = stdout.columns ?? 100;
  return (
    <>
      <Static key={screen} items={entries}>
        {(entry) => (
          <Box
            key={entry.id}
            paddingBottom={entry.tone === "question" ? 0 : 1}
            width={entry.tone === "answer" ? Math.max(columns, longestLine(entry.text)) : columns}
          >
            <Text color={TONE_COLOR[entry.tone]}>{entry.text}</Text>
          </Box>
        )}
      </Static>
      {busy?.question ? (
        <Box>
          <Text color="cyan">
            <Spinner type="dots" />
          </Text>
          <Text> Answering…</Text>
        </Box>
      ) : null}
      <Box>
        <Text color="green">› </Text>
        <PromptLine value={editor.value} cursor={editor.cursor} />
      </Box>
    </>
  );
}

function longestLine(text: string): number {
  return text.split("\n").reduce((max, line) => Math.max(max, line.length), 0);
}

type Key = Parameters<Parameters<typeof useInput>[0]>[1];

/**
 * What a chunk of input does. Keys typed one by one come one per chunk, but a
 * paste or a fast sender (tmux send-keys) delivers "question\r" at once: each
 * line end in it submits the line before it, and the lines are answered in turn.
 */
export function keyActions(input: string, key: Key): (EditorAction | "exit")[] {
  if (!key.return && input.length > 1 && /[\r\n]/.test(input)) {
    const lines = input.split(/\r\n|\r|\n/);
    const rest = lines.pop()!;
    const actions: EditorAction[] = lines.flatMap((line): EditorAction[] => [
      { type: "insert", text: line },
      { type: "submit" },
    ]);
    if (rest !== "") actions.push({ type: "insert", text: rest });
    return actions;
  }
  const action = keyAction(input, key);
  return action ? [action] : [];
}

/** What a key does at the prompt; "exit" for Ctrl+D. */
export function keyAction(input: string, key: Key): EditorAction | "exit" | undefined {
  if (key.return) return { type: "submit" };
  if (key.upArrow) return { type: "up" };
  if (key.downArrow) return { type: "down" };
  if (key.leftArrow) return { type: "left" };
  if (key.rightArrow) return { type: "right" };
  if (key.home) return { type: "home" };
  if (key.end) return { type: "end" };
  // Terminals send DEL (0x7f) for the backspace key; ink reports it as delete.
  if (key.backspace || key.delete) return { type: "backspace" };
  if (key.ctrl) {
    if (input === "a") return { type: "home" };
    if (input === "e") return { type: "end" };
    if (input === "u") return { type: "kill" };
    if (input === "d") return "exit";
    return undefined;
  }
  if (key.meta || key.escape || key.tab) return undefined;
  return input === "" ? undefined : { type: "insert", text: input };
}

/** The typed line with the cursor shown as an inverted cell, or a hint when empty. */
function PromptLine({ value, cursor }: { value: string; cursor: number }) {
  if (value === "") {
    return (
      <Text>
        <Text inverse> </Text>
        <Text color="gray">ask a question, or /help</Text>
      </Text>
    );
  }
  return (
    <Text>
      {value.slice(0, cursor)}
      <Text inverse>{value[cursor] ?? " "}</Text>
      {value.slice(cursor + 1)}
    </Text>
  );
}
