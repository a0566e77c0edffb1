import { BLOG_POSTS } from './blog-posts.ts';
import { COMPANY_PAGES } from './company-pages.ts';
import { FLOW_PAGES } from './flow-pages.ts';
import { LEGAL_PAGES } from './legal-pages.ts';
import { PRODUCT_PAGES } from './product-pages.ts';
import { SUPPORT_PAGES } from './support-pages.ts';
import type { InfoPageContent } from './types.ts';

/** Every text page of the public site, keyed by its path. */
export const INFO_PAGES: Readonly<Record<string, InfoPageContent>> = {
  ...PRODUCT_PAGES,
  ...COMPANY_PAGES,
  ...SUPPORT_PAGES,
  ...LEGAL_PAGES,
  ...FLOW_PAGES,
  ...Object.fromEntries(BLOG_POSTS.map((post) => [post.path, post])),
};
