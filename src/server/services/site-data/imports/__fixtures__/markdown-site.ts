/**
 * The files of a zip of markdown posts, as the import reads them: one of each generator's habits
 * (Hugo TOML and page bundles, Jekyll's dated names, Astro's pubDate and heroImage, an Obsidian
 * vault), a file without front matter, one whose front matter is broken, and files that are not
 * posts. Kept in a module rather than as .md files so that Prettier leaves them exactly as written.
 */
export const markdownSiteFiles: Array<{ path: string; text: string }> = [
  {
    path: 'hugo/content/posts/first-light.md',
    text: `+++
title = "First light: a Hugo post"
date = 2023-02-10T09:00:00+01:00
lastmod = 2023-02-12
draft = false
slug = "first-light"
tags = ["hugo", "Go"]
categories = [
  "Notes",
]
description = 'Setting up a static site, with "quotes" kept'
author = { name = "Kwame" }

[params]
image = "/ignored-because-it-is-in-a-table.png"
+++

Hugo builds this site. Its **TOML** front matter sits between \`+++\` lines.

{{< figure src="/img/hugo.png" >}}
`,
  },
  {
    path: 'hugo/content/posts/page-bundle/index.md',
    text: `---
title: A page bundle draft
date: 2023-03-01
draft: true
cover:
  image: https://cdn.example.org/bundle-cover.jpg
  alt: Cover
tags: ghana, teaching , ghana
---
The post lives in \`page-bundle/index.md\`, so its slug is the folder's name.
`,
  },
  {
    path: 'hugo/content/_index.md',
    text: `---
title: Posts
---
`,
  },
  {
    path: 'jekyll/_posts/2021-03-14-pi-day.markdown',
    text: `---
layout: post
title:  "Pi day in the classroom"
categories: math, fun
tags: [pi]
permalink: /:year/:title/
excerpt: Circles, string and a lot of chalk.
---
We measured every round thing in the school.
`,
  },
  {
    path: 'astro/src/content/blog/markdown-style-guide.md',
    text: `---
title: 'Markdown Style Guide'
description: 'Here is a sample of some basic Markdown syntax that can be used when writing Markdown content in Astro.'
pubDate: 'Jul 08 2022'
updatedDate: 'Jul 10 2022'
heroImage: '/blog-placeholder-1.jpg'
---

## Headings

Some **bold** text, a [link](https://astro.build), and a table:

| Italics   | Bold     | Code   |
| --------- | -------- | ------ |
| _italics_ | **bold** | \`code\` |
`,
  },
  {
    path: 'astro/src/content/blog/launch-2099.mdx',
    text: `---
title: 'Launching in 2099'
pubDate: '2099-05-01T10:00:00Z'
heroImage: './relative-hero.png'
---
import Chart from '../../../components/Chart.astro';
export const year = 2099;

The launch is scheduled. 🚀

\`\`\`js
import notRemoved from 'inside-code';
\`\`\`
`,
  },
  {
    path: 'vault/Club ideas.md',
    text: `---
tags:
  - "#club"
  - ideas
created: 2024-01-20T18:30
---
Talk to [[Ama Owusu]] about [[Robotics kit|the robotics kit]] and read [[Budget#Spring]].

![[whiteboard.png]]

Keep \`[[not a link]]\` in code.
`,
  },
  {
    path: 'vault/.obsidian/workspace.md',
    text: 'Obsidian settings, not a post',
  },
  {
    path: 'notes/plain.md',
    text: `# A note without front matter

Just text, in 日本語 and العربية.
`,
  },
  {
    path: 'notes/broken.md',
    text: `---
title: "An unclosed quote
tags: [a, b
---
Body of a broken file.
`,
  },
  {
    path: 'static/logo.png',
    text: '\u0089PNG',
  },
];
