// WRITTEN BY HAND, for the link calls of issue 33 (DESIGN §3, Links and bulk work), as the
// backend's cms/pages/text_links/schemas.py declares them, until `npm run gen:api` brings them
// into generated/schema.ts. Then make the one line below
//   export type LinkSchemas = components['schemas'];
// (importing `components` from './generated/schema') and delete HandWrittenLinkSchemas.
export type LinkSchemas = HandWrittenLinkSchemas;

export interface HandWrittenLinkSchemas {
  LinkingPageOut: {
    id: number;
    /** In the locale of the address, else the default locale's, else any ('' for none). */
    name: string;
  };
  LinkedFromOut: {
    /** 50 a page, in id order. */
    pages: HandWrittenLinkSchemas['LinkingPageOut'][];
    /** How many pages link to it. */
    total: number;
  };
  BrokenLinkOut: {
    /** The page whose text writes the link. */
    page_id: number;
    /** The locale of the block's text; '' for a block every locale shares. */
    locale: string;
    block: string;
    /** The link's address as written. */
    url: string;
    /** Internal: deleted, unpublished, missing; external: http_404, timeout … */
    reason: string;
  };
  BrokenLinksOut: {
    /** 50 a page, in page, locale and block order. */
    links: HandWrittenLinkSchemas['BrokenLinkOut'][];
    total: number;
  };
}
