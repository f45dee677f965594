// The large pages of issue 32 (3b, 3c) that froze the extension host, made to any size: for
// the unit test of how the credit check grows (creditScale.test.ts) and the VS Code test
// that opens them (test/vscode/creditLimits.test.ts).

/** `n` identical credit lines naming `name`, linking `pageUrl`: each its own paragraph or all one. */
export function creditLines(n: number, paragraphs: boolean, pageUrl = 'https://www.pexels.com/photo/sea-1/', name = 'Ana Lima'): string {
  return `Photo by ${name} on [Pexels](${pageUrl})\n${paragraphs ? '\n' : ''}`.repeat(n);
}

export interface GalleryImage {
  readonly url: string;
  /** Plain YAML text (no `: `, ` #` or leading quote). */
  readonly caption: string;
}

/** Image `i` of the sample gallery: media 1000 + i, by "Person i". */
const sampleImage = (i: number): GalleryImage => ({ url: `https://images.pexels.com/photos/${1000 + i}/pexels-photo-${1000 + i}.jpeg`, caption: `Photo by Person ${i} on Pexels` });

/** A gallery page whose YAML front matter lists `n` images, each with its alt text and caption (about 135 bytes an image, as the issue's). */
export function galleryPage(n: number, image: (i: number) => GalleryImage = sampleImage): string {
  const images = Array.from({ length: n }, (_, i) => {
    const { url, caption } = image(i);
    return `  - src: ${url}\n    alt: Harbour at dusk, number ${i}\n    caption: ${caption}\n`;
  });
  return `---\ntitle: Gallery\nimages:\n${images.join('')}---\n\nThe pictures.\n`;
}
