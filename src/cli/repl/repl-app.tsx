import { Box, Static, Text, useApp, useInput, useStdout } from "ink";
import Spinner from "ink-spinner";
import TextInput from "ink-text-input";
import { useRef, useState } from "react";
import { InputHistory } from "./input-history.js";
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

const TONE_COLOR: Record<Entry["tone"], string | undefined> = { question: "green", answer: undefined, error: "red", info: "gray" };

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
  const [value, setValue] = useState("");
  const [inputKey, setInputKey] = useState(0);
  const [busy, setBusy] = useState<string | undefined>(undefined);
  const history = useRef(new InputHistory(initial));
  const nextId = useRef(1);

  const add = (text: string, tone: Entry["tone"]) => setEntries((list) => [...list, { id: nextId.current++, text, tone }]);
  const recall = (line: string) => {
    setValue(line);
    // A fresh input puts the cursor at the end of the recalled line.
    setInputKey((k) => k + 1);
  };

  useInput((input, key) => {
    if (busy) return;
    if (key.upArrow) recall(history.current.previous(value));
    else if (key.downArrow) recall(history.current.next());
    else if (key.ctrl && input === "d" && value === "") exit();
  });

  const submit = async (line: string) => {
    if (busy) return;
    setValue("");
    setInputKey((k) => k + 1);
    if (line.trim() === "") return;
    history.current.push(line);
    onLine?.(line.trim());
    add(`› ${line.trim()}`, "question");
    const isCommand = line.trim().startsWith("/") || /^(exit|quit|:q)$/i.test(line.trim());
    if (!isCommand) setBusy(line.trim());
    const outcome = await session.handle(line, Math.max(40, (stdout.columns ?? 100) - 1));
    setBusy(undefined);
    if (outcome.exit) {
      exit();
      return;
    }
    if (outcome.clear) {
      clearScreen?.();
      nextId.current++;
      setEntries([{ id: nextId.current++, text: "Cleared. A new conversation starts with the next question.", tone: "info" }]);
      setScreen((s) => s + 1);
      return;
    }
    if (outcome.output !== "") add(outcome.output, outcome.error ? "error" : isCommand ? "info" : "answer");
  };

  return (
    <>
      <Static key={screen} items={entries}>
        {(entry) => (
          <Box key={entry.id} paddingBottom={entry.tone === "question" ? 0 : 1}>
            <Text color={TONE_COLOR[entry.tone]}>{entry.text}</Text>
          </Box>
        )}
      </Static>
      {busy !== undefined ? (
        <Box>
          <Text color="cyan">
            <Spinner type="dots" />
          </Text>
          <Text> Answering…</Text>
        </Box>
      ) : (
        <Box>
          <Text color="green">› </Text>
          <TextInput key={inputKey} value={value} onChange={setValue} onSubmit={(line) => void submit(line)} placeholder="ask a question, or /help" />
        </Box>
      )}
    </>
  );
}
