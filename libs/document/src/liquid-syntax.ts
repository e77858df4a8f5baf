// Micromark/mdast extension for GitBook's Liquid-style tag lines: a line that starts with `{%` and
// ends with `%}` is its own flow construct. Being a flow construct lets `{% endhint %}` close a
// paragraph or list on the line right after it, the way GitBook writes them (no blank lines).
import type { Code, Construct, Effects, Extension, State } from 'micromark-util-types';
import type { Extension as FromMarkdownExtension, Token } from 'mdast-util-from-markdown';
import { markdownLineEnding, markdownSpace } from 'micromark-util-character';
import type { LiquidTag } from './gitbook-mdast';

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    liquidLine: 'liquidLine';
  }
}

const LEFT_BRACE = 123;
const PERCENT = 37;
const RIGHT_BRACE = 125;

const liquidLine: Construct = { name: 'liquidLine', tokenize: tokenizeLiquidLine };

export const liquidSyntax: Extension = { flow: { [LEFT_BRACE]: liquidLine } };

function tokenizeLiquidLine(effects: Effects, ok: State, nok: State): State {
  // The last two non-blank characters seen, to check that the line ends with `%}`.
  let previous: Code = null;
  let last: Code = null;

  const start: State = (code) => {
    if (code !== LEFT_BRACE) return nok(code);
    effects.enter('liquidLine');
    effects.consume(code);
    return percent;
  };
  const percent: State = (code) => {
    if (code !== PERCENT) return nok(code);
    effects.consume(code);
    return rest;
  };
  const rest: State = (code) => {
    if (code === null || markdownLineEnding(code)) {
      if (previous !== PERCENT || last !== RIGHT_BRACE) return nok(code);
      effects.exit('liquidLine');
      return ok(code);
    }
    if (!markdownSpace(code)) {
      previous = last;
      last = code;
    }
    effects.consume(code);
    return rest;
  };
  return start;
}

export const liquidFromMarkdown: FromMarkdownExtension = {
  enter: {
    liquidLine(token: Token) {
      const node: LiquidTag = { type: 'liquidTag', value: '' };
      this.enter(node, token);
    },
  },
  exit: {
    liquidLine(token: Token) {
      const node = this.stack[this.stack.length - 1] as LiquidTag;
      node.value = this.sliceSerialize(token).trim();
      this.exit(token);
    },
  },
};
