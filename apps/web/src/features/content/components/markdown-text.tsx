import { Fragment, type ReactNode } from 'react';
import '../content.css';

/**
 * Renders the small Markdown subset articles are written in (headings, paragraphs, bullet lists,
 * **bold**, *italic*) as React elements. Every piece of text becomes a text node, so whatever an
 * article contains, including HTML, is shown as text and never injected as markup.
 */

type Block = { type: 'heading'; level: 3 | 4 | 5; text: string } | { type: 'paragraph'; text: string } | { type: 'list'; items: string[] };

export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: string[] | undefined;
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ type: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
    if (list) blocks.push({ type: 'list', items: list });
    list = undefined;
  };
  for (const rawLine of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = rawLine.trim();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const item = /^[-*]\s+(.*)$/.exec(line);
    if (line === '') flush();
    else if (heading) {
      flush();
      // The page's h1 is the navigation bar and the article's title its h2; the body's headings come below.
      const level = Math.min(5, (heading[1]?.length ?? 1) + 2) as 3 | 4 | 5;
      blocks.push({ type: 'heading', level, text: heading[2] ?? '' });
    } else if (item) {
      if (paragraph.length > 0) flush();
      list ??= [];
      list.push(item[1] ?? '');
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/** **bold** and *italic* inside a line; anything else stays literal text. */
function inline(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  const pattern = /\*\*(.+?)\*\*|\*(.+?)\*/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) parts.push(text.slice(last, index));
    if (match[1] !== undefined) parts.push(<strong key={index}>{match[1]}</strong>);
    else parts.push(<em key={index}>{match[2]}</em>);
    last = index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

export function MarkdownText({ source }: { source: string }) {
  return (
    <div className="article-body">
      {parseBlocks(source).map((block, index) => {
        const key = `${block.type}-${index}`;
        if (block.type === 'heading') {
          const Heading = `h${block.level}` as const;
          return <Heading key={key}>{inline(block.text)}</Heading>;
        }
        if (block.type === 'list') {
          return (
            <ul key={key}>
              {block.items.map((item, itemIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: items are static text of one render, never reordered
                <li key={itemIndex}>{inline(item)}</li>
              ))}
            </ul>
          );
        }
        return (
          <p key={key}>
            <Fragment>{inline(block.text)}</Fragment>
          </p>
        );
      })}
    </div>
  );
}
