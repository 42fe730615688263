/** Wraps prose at word boundaries to a width, indenting the lines after the first. */
export function wrapText(text: string, width: number, indent = ""): string {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const prefix = lines.length === 0 && line === "" ? "" : line === "" ? indent : "";
      if (line !== "" && line.length + 1 + word.length > width) {
        lines.push(line);
        line = indent + word;
      } else {
        line = line === "" ? prefix + word : `${line} ${word}`;
      }
    }
    lines.push(line);
  }
  return lines.join("\n");
}
