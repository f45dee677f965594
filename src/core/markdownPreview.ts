// Where VS Code's own Markdown hover already shows the picture: over the destination of a
// Markdown link or image (inline, or a reference definition) whose path ends in an image or
// video file's extension (the list VS Code's Markdown language service previews). The
// extension's hover shows no second picture there.

/** The extensions VS Code's Markdown hover previews (images and videos). */
const PREVIEWED = new Set(['avif', 'bmp', 'gif', 'ico', 'jpe', 'jpeg', 'jpg', 'png', 'psd', 'svg', 'tga', 'tif', 'tiff', 'webp', 'ogg', 'mp4', 'mov']);

/** An inline link's destination starts after `](` (and an optional `<`); a definition's after `[label]:`. */
const INLINE_DESTINATION = /\]\(\s*<?$/;
const DEFINITION_DESTINATION = /^ {0,3}\[[^\]]+\]:[ \t]*<?$/;

function extensionOf(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Whether the URL at [start, end) of a Markdown document's `text` is one VS Code's Markdown hover previews. */
export function previewedByMarkdown(text: string, start: number, end: number): boolean {
  if (!PREVIEWED.has(extensionOf(text.slice(start, end)))) return false;
  const before = text.slice(text.lastIndexOf('\n', start - 1) + 1, start);
  return INLINE_DESTINATION.test(before) || DEFINITION_DESTINATION.test(before);
}
