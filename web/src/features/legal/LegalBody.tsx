import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';

export type Block = { kind: 'paragraph'; lines: string[] } | { kind: 'list'; items: string[] };

/**
 * Legal bodies are plain text: paragraphs separated by a blank line, lines that
 * start with "- " are bullet items.
 */
export function parseBody(body: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of body.split(/\n\s*\n/)) {
    let current: Block | null = null;
    for (const raw of chunk.split('\n')) {
      const line = raw.trim();
      if (!line) continue;
      const kind = line.startsWith('- ') ? 'list' : 'paragraph';
      if (!current || current.kind !== kind) {
        current = kind === 'list' ? { kind, items: [] } : { kind, lines: [] };
        blocks.push(current);
      }
      if (current.kind === 'list') current.items.push(line.slice(2).trim());
      else current.lines.push(line);
    }
  }
  return blocks;
}

const LINKABLE = /(\[[^\]\n]+\]\(\/[^\s)]*\)|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|https?:\/\/[^\s)]+[^\s).,;:])/g;
/** `[words](/path)`: a link to a screen of the site itself, such as the report form. */
const SITE_LINK = /^\[([^\]]+)\]\((\/[^\s)]*)\)$/;

/** Makes e-mail addresses, web addresses and `[words](/path)` in a text clickable. */
export function linkify(text: string): ReactNode[] {
  return text.split(LINKABLE).map((part, index) => {
    if (index % 2 === 0) return part;
    const site = SITE_LINK.exec(part);
    if (site) {
      return (
        <Link key={index} to={site[2]!}>
          {site[1]}
        </Link>
      );
    }
    const href = part.includes('@') && !part.startsWith('http') ? `mailto:${part}` : part;
    return (
      <a key={index} href={href} rel={href.startsWith('http') ? 'noopener noreferrer' : undefined}>
        {part}
      </a>
    );
  });
}

export function LegalBody({ body }: { body: string }) {
  return (
    <>
      {parseBody(body).map((block, index) =>
        block.kind === 'list' ? (
          <ul key={index}>
            {block.items.map((item, i) => (
              <li key={i}>{linkify(item)}</li>
            ))}
          </ul>
        ) : (
          <p key={index}>
            {block.lines.map((line, i) => (
              <Fragment key={i}>
                {i > 0 && <br />}
                {linkify(line)}
              </Fragment>
            ))}
          </p>
        ),
      )}
    </>
  );
}
