"""Links from page to page (issue 33, items 1 to 4): the index the page save keeps of every
internal link its texts write (`index`), what a written address names (`addresses`), links that
follow their page when it moves (`rewriting`), and the two reads (`services`): what links to a
page, and which internal links are broken."""
