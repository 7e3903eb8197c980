"""The reports of issue 31, item 7: which pages use each template, and the external content
(iframes, scripts, media and links to other hosts) each page's text blocks embed per locale."""
