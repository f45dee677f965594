// Pages in the shapes real sites give the generators, for the cover tests in plain Node and in
// VS Code alike: what the generators read, the extension must edit.

/** PaperMod's example FAQ post (exampleSite content/posts/papermod/papermod-faq.md): its front matter gives `aliases` twice, which Hugo and Ruby read (the last wins). */
export const PAPERMOD_FAQ = [
  '---',
  'title: "FAQs"',
  'summary: Frequently Asked Questions',
  'date: 2020-09-18T11:30:03+05:30',
  'showtoc: true',
  'tocOpen: true',
  'aliases: ["/papermod-how-to-guide"]',
  'tags: ["PaperMod"]',
  'author: "Aditya Telange"',
  'draft: true',
  'aliases: [/posts/papermod/papermod-how-to]',
  'weight: 3',
  '---',
  '',
  '## Intro',
  '',
].join('\n');
