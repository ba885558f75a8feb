/**
 * The global stylesheet (styles/main.scss), loaded as a chunk of its own instead of a
 * <link rel="stylesheet"> in index.html: nothing holds up the first paint then, and the
 * splash (index.html's own inline style) shows as soon as the page arrives. main.tsx
 * imports this first, so the sheet comes before every screen's sheet in the document,
 * and waits for it before showing anything. The server preloads it (web_app.py).
 */
import '../styles/main.scss';
