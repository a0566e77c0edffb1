/** A link on a public page; `to` is an app path, or an http(s)/mailto address for outside links. */
export type InfoLink = { label: string; to: string };

export type InfoSection = { heading: string; paragraphs: string[]; bullets?: string[] };

/** The content of a text page of the public site (docs/product/shell.md#public-site). */
export type InfoPageContent = {
  /** Small label above the title (the page's area). */
  eyebrow: string;
  title: string;
  /** The opening paragraph. */
  lead: string;
  sections: InfoSection[];
  /** Main call to action under the lead. */
  primary?: InfoLink;
  /** "Where next" links at the end. */
  links: InfoLink[];
};
