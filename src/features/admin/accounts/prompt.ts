/**
 * Terminal questions for command-line scripts: visible or hidden answers on a TTY (raw mode, nothing
 * echoed for a hidden one), or the lines of stdin when it is a pipe, so scripts can feed the answers
 * without putting secrets in argv.
 *
 * @see ./createAdmin.ts
 */
import type { Readable, Writable } from 'node:stream';

/** A terminal input (stdin of an interactive shell). */
export interface TtyInput extends Readable {
  isTTY: true;
  setRawMode(mode: boolean): unknown;
}

/** Thrown when the person presses Ctrl-C or Ctrl-D, or the input ends before an answer. */
export class PromptCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'PromptCancelled';
  }
}

/** Whether `input` is an interactive terminal. */
export function isTty(input: Readable): input is TtyInput {
  return (input as Partial<TtyInput>).isTTY === true && typeof (input as Partial<TtyInput>).setRawMode === 'function';
}

/**
 * Asks `question` on a terminal and resolves with the line typed. With `hidden`, nothing is echoed.
 * Backspace edits; Ctrl-C or Ctrl-D rejects with {@link PromptCancelled}; escape sequences (arrows)
 * are ignored.
 */
export function askTty(input: TtyInput, output: Writable, question: string, hidden = false): Promise<string> {
  output.write(question);
  input.setRawMode(true);
  input.setEncoding('utf8');
  input.resume();
  let chars: string[] = [];
  return new Promise((resolve, reject) => {
    const finish = (rest: string, error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      // Keys typed (or pasted) past the end of this answer belong to the next question.
      if (rest) input.unshift(rest);
      output.write('\n');
      if (error) reject(error);
      else resolve(chars.join(''));
    };
    const onData = (chunk: string) => {
      const typed = [...chunk];
      for (const [index, ch] of typed.entries()) {
        // A pasted "\r\n" ends one answer, not two.
        const rest = () => typed.slice(ch === '\r' && typed[index + 1] === '\n' ? index + 2 : index + 1).join('');
        if (ch === '\r' || ch === '\n') return finish(rest());
        if (ch === '\u0003' || (ch === '\u0004' && chars.length === 0)) return finish('', new PromptCancelled());
        if (ch === '\u001b') return; // an escape sequence: drop the rest of the chunk
        if (ch === '\u007f' || ch === '\b') {
          if (chars.length > 0 && !hidden) output.write('\b \b');
          chars = chars.slice(0, -1);
        } else if (ch >= ' ') {
          chars.push(ch);
          if (!hidden) output.write(ch);
        }
      }
    };
    input.on('data', onData);
  });
}

/** Reads `input` to its end and returns its lines (a final empty line is dropped; `\r\n` accepted). */
export async function readLines(input: Readable): Promise<string[]> {
  let text = '';
  input.setEncoding('utf8');
  for await (const chunk of input) text += chunk;
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}
